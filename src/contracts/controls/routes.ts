// The controls under /__sandbox/, as data: where each is, what it does, and what it answers. The
// servers register each control by its contract (http/control-route.ts), which types what the
// control's code may answer, and ControlsClient calls each by the same contract, checking the
// answer against the same schema. The OpenAPI documents leave the controls out (docs/controls.md
// describes them): a contract here has no operationId.

import type { FromSchema, JsonSchema } from "../../json-schema.ts";
import { JOURNAL_ENTRY } from "../journal/schemas.ts";
import type { Method } from "../route-contract.ts";
import { DELIVERED_ORDER } from "../storefront/schemas.ts";
import { OAUTH_CLIENT_LIST, REGISTERED_OAUTH_CLIENT, TRIGGERED_TRANSACTION } from "../wallet/schemas.ts";
import { CLEARED_FAULTS, FAULT, FAULT_LIST } from "./fault-schemas.ts";
import {
  CLOCK_STATE,
  EXPORT_DOCUMENT,
  HAR_DOCUMENT,
  IMPORT_ANSWER,
  JOURNAL_BACKLOG,
  JOURNAL_CLEARED,
  JOURNAL_LIST,
  RESET_ANSWER,
  SANDBOX_HEALTH,
} from "./schemas.ts";

/** A control: its method, its path under CONTROLS_PREFIX (a `:name` segment is filled by the caller), and its answer. */
export type ControlContract = {
  readonly method: Method;
  readonly path: string;
  /** What it does, in one line: the server's index lists it. */
  readonly description: string;
  /** The JSON body of its success; a control that answers with an event stream has `events` instead. */
  readonly answer?: JsonSchema;
  /** Its success status: 200 unless said. */
  readonly status?: 201;
  /** The data of each event of its stream, by event name. */
  readonly events?: Readonly<Record<string, JsonSchema>>;
};

/** What a control's code answers: the body its answer schema types, or, for a stream, the stream's Response. */
export type ControlReply<C> = C extends { readonly answer: infer S } ? FromSchema<S> : Response;

/** What each trigger answers, by name (POST /__sandbox/trigger/<name>); the service that has it says what it takes. */
export const TRIGGER_ANSWERS = {
  "order-delivered": DELIVERED_ORDER,
  transaction: TRIGGERED_TRANSACTION,
  "transaction-status": TRIGGERED_TRANSACTION,
} as const;

export type TriggerName = keyof typeof TRIGGER_ANSWERS;

/** Whether a name (a trigger route's `:name`) is one of the triggers. */
export function isTriggerName(name: string): name is TriggerName {
  return Object.hasOwn(TRIGGER_ANSWERS, name);
}

/** Every control, by what it does. */
export const CONTROLS = {
  health: {
    method: "GET",
    path: "health",
    description: "the sandbox's own health, URLs, clock, counters and how full each server's request journal is",
    answer: SANDBOX_HEALTH,
  },
  clock: {
    method: "GET",
    path: "clock",
    description: "the sandbox clock's now and its offset from the system time",
    answer: CLOCK_STATE,
  },
  moveClock: {
    method: "POST",
    path: "clock",
    description: 'move the clock, {advance: "25h"}, {set: "<ISO time>"} or {reset: true}',
    answer: CLOCK_STATE,
  },
  faults: {
    method: "GET",
    path: "faults",
    description: "the faults in place, in the order they are tried",
    answer: FAULT_LIST,
  },
  addFault: {
    method: "POST",
    path: "faults",
    description:
      "add a fault {service, route, status?, rate?, delay?, times?, dropStream?, headers?, body?, contentType?, truncate?}",
    answer: FAULT,
    status: 201,
  },
  clearFaults: { method: "DELETE", path: "faults", description: "remove every fault", answer: CLEARED_FAULTS },
  clearFault: { method: "DELETE", path: "faults/:id", description: "remove one fault", answer: CLEARED_FAULTS },
  reset: {
    method: "POST",
    path: "reset",
    description: "every server back to the seed (?only=wallet,host for some); open cart streams get the emptied cart",
    answer: RESET_ANSWER,
  },
  export: {
    method: "GET",
    path: "export",
    description: "the data of every service as one JSON document",
    answer: EXPORT_DOCUMENT,
  },
  import: {
    method: "POST",
    path: "import",
    description: "replace the data with an export document, checked first (a bad one changes nothing)",
    answer: IMPORT_ANSWER,
  },
  trigger: {
    method: "POST",
    path: "trigger/:name",
    description:
      "order-delivered {orderId}, transaction {user, amount, direction, status?, type?, description?}, transaction-status {transactionId, status}",
    answer: { anyOf: [DELIVERED_ORDER, TRIGGERED_TRANSACTION] },
  },
  journal: {
    method: "GET",
    path: "journal",
    description:
      "the request journal, oldest first (?service, user, agent, method, path, limit, after; format=har for HAR 1.2)",
    answer: { anyOf: [JOURNAL_LIST, HAR_DOCUMENT] },
  },
  followJournal: {
    method: "GET",
    path: "journal/stream",
    description: "the request journal live (server-sent events: journal with what came after ?after, then entry)",
    events: { journal: JOURNAL_BACKLOG, entry: JOURNAL_ENTRY },
  },
  clearJournal: {
    method: "DELETE",
    path: "journal",
    description: "empty the request journal",
    answer: JOURNAL_CLEARED,
  },
  oauthClients: {
    method: "GET",
    path: "oauth/clients",
    description: "the registered OAuth clients (the wallet's own control)",
    answer: OAUTH_CLIENT_LIST,
  },
  addOauthClient: {
    method: "POST",
    path: "oauth/clients",
    description: "register an OAuth client {name, redirectUris} (the wallet's own control); its secret is shown once",
    answer: REGISTERED_OAUTH_CLIENT,
    status: 201,
  },
} as const satisfies Readonly<Record<string, ControlContract>>;
