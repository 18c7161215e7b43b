// The shapes the wallet answers with, as JSON Schema, and the words they are made of: what its
// routes' contracts and OpenAPI document say, and what the client tier checks answers against.
// Data only: a client loads this and no wallet code.
import type { FromSchema, JsonSchema } from "../../json-schema.ts";

export const TRANSACTION_TYPES = ["deposit", "card_topup", "exchange", "transfer"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** Completed: funds moved. Failed: they did not. Pending: not settled yet (a trigger settles it); listed, counted nowhere. */
export const TRANSACTION_STATUSES = ["Completed", "Pending", "Failed"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** The statuses a Pending transaction settles into. */
export const SETTLED_STATUSES = ["Completed", "Failed"] as const;
export type SettledStatus = (typeof SETTLED_STATUSES)[number];

export const DIRECTIONS = ["income", "spending"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const TRANSACTION = {
  title: "Transaction",
  type: "object",
  required: ["id", "type", "direction", "amount", "currency", "status", "description", "createdAt"],
  properties: {
    id: { type: "string", examples: ["txn_ada_0003"] },
    type: { type: "string", enum: TRANSACTION_TYPES },
    direction: {
      type: "string",
      enum: DIRECTIONS,
      description: "income: deposits and card top-ups; spending: exchanges and transfers",
    },
    amount: {
      type: "number",
      exclusiveMinimum: 0,
      description: "Positive, in major units with at most 2 decimals",
      examples: [15.49],
    },
    currency: { type: "string", examples: ["USD"] },
    status: {
      type: "string",
      enum: TRANSACTION_STATUSES,
      description: "Only Completed transactions count in the balance and in insights",
    },
    description: { type: "string", examples: ["Transfer — Netflix subscription"] },
    createdAt: { type: "string", description: "ISO 8601, UTC", examples: ["2026-11-19T11:19:59.535Z"] },
  },
} as const;

export type TransactionView = FromSchema<typeof TRANSACTION>;

const TOTAL = {
  type: "number",
  description: "In the wallet's currency, over the window; Completed transactions only",
} as const;
const WINDOW_END = { type: ["string", "null"], description: "The window's end (ISO 8601); null when open" } as const;

export const INSIGHTS = {
  title: "Insights",
  type: "object",
  description: "Totals over the window of period or from/to, whatever the direction filter; all 0 without a window",
  required: ["income", "spending", "net", "currency", "from", "to"],
  properties: {
    income: TOTAL,
    spending: TOTAL,
    net: { type: "number", description: "income − spending" },
    currency: { type: "string", examples: ["USD"] },
    from: WINDOW_END,
    to: WINDOW_END,
  },
} as const;

export type Insights = FromSchema<typeof INSIGHTS>;

export const BALANCE = {
  title: "Balance",
  type: "object",
  required: ["balance", "currency"],
  properties: {
    balance: {
      type: "number",
      description: "Opening balance + Completed income − Completed spending, in major units",
      examples: [7072.61],
    },
    currency: { type: "string", examples: ["USD"] },
  },
} as const;

/** The transactions, newest first, and with include_insights=true the insights. */
export const TRANSACTION_LIST = {
  type: "object",
  required: ["transactions"],
  properties: { transactions: { type: "array", items: TRANSACTION }, insights: INSIGHTS },
} as const satisfies JsonSchema;

/** POST /__sandbox/trigger/transaction and transaction-status: the transaction, whose it is and, for a status change, the status it had. */
export const TRIGGERED_TRANSACTION = {
  type: "object",
  required: ["transaction", "userId"],
  properties: {
    transaction: TRANSACTION,
    userId: { type: "string" },
    previousStatus: {
      type: "string",
      enum: TRANSACTION_STATUSES,
      description: "The status before the change (transaction-status only)",
    },
  },
} as const;

/** A registered OAuth client as the wallet's control lists it: never its secret. */
export const OAUTH_CLIENT = {
  type: "object",
  required: ["id", "name", "redirectUris", "createdAt"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    redirectUris: { type: "array", items: { type: "string" } },
    createdAt: { type: "string" },
  },
} as const;

/** GET /__sandbox/oauth/clients (the wallet's own control): the registered clients. */
export const OAUTH_CLIENT_LIST = {
  type: "object",
  required: ["clients"],
  properties: { clients: { type: "array", items: OAUTH_CLIENT } },
} as const;

/** POST /__sandbox/oauth/clients: the client registered, with its secret, which no other answer shows. */
export const REGISTERED_OAUTH_CLIENT = {
  ...OAUTH_CLIENT,
  required: [...OAUTH_CLIENT.required, "secret"],
  properties: { ...OAUTH_CLIENT.properties, secret: { type: "string" } },
} as const;

/** The token endpoint's error body (RFC 6749 §5.2), the one exception to the sandbox's error shape; its document lists the codes. */
export const OAUTH_ERROR_BODY = {
  title: "OAuthError",
  type: "object",
  description: "An error of the token endpoint (RFC 6749 §5.2)",
  required: ["error", "error_description"],
  properties: {
    error: { type: "string", description: "The OAuth error code" },
    error_description: { type: "string", description: "What went wrong, for the developer" },
  },
} as const;

/** A client as the wallet's control lists it. */
export type ClientListing = FromSchema<typeof OAUTH_CLIENT>;

/** What the transaction triggers answer. */
export type TriggeredTransaction = FromSchema<typeof TRIGGERED_TRANSACTION>;
