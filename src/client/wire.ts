/**
 * What the servers send, as the client tier's users name it: the schemas of the answers of the
 * services and of the controls (/__sandbox/), which clients check what they receive against
 * (client/answer.ts), the error bodies, the types read from those schemas, and the vocabulary the
 * controls take (a transaction's types and statuses), under the names clients use. All of it is
 * defined in src/contracts/, as data only, which servers and clients share.
 */

import type { FaultSpec } from "../contracts/controls/fault.ts";

export type { FaultSpec };

import type { Fault } from "../contracts/controls/fault-schemas.ts";

export { CLEARED_FAULTS, FAULT, FAULT_LIST } from "../contracts/controls/fault-schemas.ts";
export type { Fault };

import type {
  ClockState,
  ExportDocument,
  HarDocument,
  JournalList,
  SandboxHealth,
} from "../contracts/controls/schemas.ts";

export {
  CLOCK_STATE,
  EXPORT_DOCUMENT,
  HAR_DOCUMENT,
  IMPORT_ANSWER,
  JOURNAL_BACKLOG,
  JOURNAL_CLEARED,
  JOURNAL_LIST,
  RESET_ANSWER,
  SANDBOX_HEALTH,
} from "../contracts/controls/schemas.ts";
export {
  HEALTH_PATH,
  type JournalBody,
  type JournalEntry,
  type JournalFilter,
  matchesFilter,
  STATUS_FILTER,
} from "../contracts/journal/entry.ts";
export { JOURNAL_ENTRY } from "../contracts/journal/schemas.ts";
export type { ClockState, ExportDocument, HarDocument, JournalList, SandboxHealth };

import type { DeliveredOrder, OrderView as Order, ProductView as Product } from "../contracts/storefront/schemas.ts";

export {
  CART,
  type CartView as Cart,
  DELIVERED_ORDER,
  ORDER_LIST,
  PRODUCT_LIST,
} from "../contracts/storefront/schemas.ts";
export type { DeliveredOrder, Order, Product };

import type { ClientListing, Insights, TriggeredTransaction } from "../contracts/wallet/schemas.ts";

export {
  BALANCE,
  DIRECTIONS,
  OAUTH_CLIENT_LIST,
  REGISTERED_OAUTH_CLIENT,
  SETTLED_STATUSES,
  type SettledStatus,
  TRANSACTION_LIST,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TRIGGERED_TRANSACTION,
  type TransactionView as Transaction,
} from "../contracts/wallet/schemas.ts";
export { ERROR_BODY } from "../errors.ts";
export { LOGIN_ANSWER } from "../users.ts";
export type { ClientListing, Insights, TriggeredTransaction };
