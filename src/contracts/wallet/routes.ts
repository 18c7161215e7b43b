import { BEARER, BEARER_JWT } from "../guards.ts";
import { HTTP_TEXTS } from "../http-errors.ts";
import { defineRoute, type Guard, json } from "../route-contract.ts";
import { WALLET_TEXTS } from "./errors.ts";
import { WALLET_OAUTH } from "./oauth.ts";
import { PERIOD_NAMES } from "./periods.ts";
import { BALANCE, DIRECTIONS, TRANSACTION, TRANSACTION_LIST } from "./schemas.ts";

const WALLET_TAG = {
  name: "Wallet",
  description:
    "The user's wallet: balance and transactions, under the wallet prefix (/api/wallet by default, --wallet-prefix).",
};

/** A wallet route takes the wallet's login JWT, or an OAuth access token (a wallet JWT too). */
const WALLET_USER: Guard = { alternatives: [[BEARER_JWT], [WALLET_OAUTH]], errors: BEARER.errors };

const INSTANT = "an ISO 8601 date (2026-11-01) or date-time (2026-11-01T09:30:00Z), UTC unless it carries an offset";

/** What the transaction query's schemas cannot say: its parameters' rules between them, and the dates' forms. */
const TRANSACTION_RULES = [
  "The window is either `period` (a rolling one that ends now) or `from` and/or `to` (fixed ends; either may be left out), never both: `period` with `from` or `to` is 400 `validation_error` (Use either period or from/to, not both). `from` after `to` is 400 too.",
  "`from` and `to` are ISO 8601 dates (2026-11-01) or date-times (2026-11-01T09:30:00Z, 2026-11-01T09:30): a date that is malformed or does not exist (2026-02-30) is 400. Their schemas name no `format`, since the server takes date-times that RFC 3339 does not (without seconds or offset).",
  "Without a window, every transaction of the wallet is listed.",
].join("\n\n");

export const GET_BALANCE = defineRoute({
  description: "The wallet's balance and currency (bearer token)",
  details:
    "The opening balance plus Completed income minus Completed spending, in the wallet's currency: Pending and Failed transactions count nowhere until a Pending one settles.",
  operationId: "getBalance",
  method: "GET",
  tag: WALLET_TAG,
  auth: WALLET_USER,
  responses: { 200: json("The balance", BALANCE) },
});

export const LIST_TRANSACTIONS = defineRoute({
  description: "Transactions, newest first; period, from, to, direction, include_insights (bearer token)",
  details: TRANSACTION_RULES,
  operationId: "listTransactions",
  method: "GET",
  tag: WALLET_TAG,
  auth: WALLET_USER,
  query: {
    period: {
      description: "A rolling window up to now: the last 7, 30, 90 or 365 days; not with from/to",
      schema: { type: "string", enum: PERIOD_NAMES },
    },
    from: {
      description: `The window's start, inclusive: ${INSTANT}`,
      schema: { type: "string", examples: ["2026-11-01"] },
    },
    to: {
      description: `The window's end, inclusive (a date covers that whole day): ${INSTANT}`,
      schema: { type: "string", examples: ["2026-11-30"] },
    },
    direction: { description: "Only income or only spending", schema: { type: "string", enum: DIRECTIONS } },
    include_insights: {
      description: "true adds the insights of the window",
      schema: { type: "string", enum: ["true", "false"] },
    },
  },
  responses: {
    200: json(
      "The user's transactions in the window (all without one), newest first; Failed and Pending ones are listed too",
      TRANSACTION_LIST,
    ),
  },
  errors: [WALLET_TEXTS.periodAndRange, HTTP_TEXTS.notADate, WALLET_TEXTS.fromAfterTo],
});

export const GET_TRANSACTION = defineRoute({
  description: "One transaction of the wallet (bearer token)",
  details:
    "A transaction of the signed-in user's wallet: the id of another user's transaction is 404 `transaction_not_found`, as an id no transaction has.",
  operationId: "getTransaction",
  method: "GET",
  tag: WALLET_TAG,
  auth: WALLET_USER,
  params: {
    id: {
      description: "The transaction's id; one of another user's is unknown here",
      schema: { type: "string", examples: ["txn_ada_0003"] },
    },
  },
  responses: { 200: json("The transaction", TRANSACTION) },
  errors: [WALLET_TEXTS.transactionNotFound],
});
