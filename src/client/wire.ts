/**
 * What the servers send, as the client tier's users name it: the shapes of the controls' answers
 * (journal entries, faults, the clock: TypeScript types of the routes), the schemas of the
 * services' answers, which clients check what they receive against (client/answer.ts), and the
 * vocabulary the controls take (a transaction's types and statuses). Defined beside the routes
 * that answer them; clients import them from here, so that no client reaches into server code.
 */

export type { ClockState } from "../controls/clock-routes.ts";
export type { Fault, FaultSpec } from "../controls/faults/fault.ts";
export type { JournalBody, JournalEntry, JournalFilter } from "../journal/entry.ts";
export type { OrderView as Order, ProductView as Product } from "../storefront/schemas.ts";
export { CART, type CartView as Cart, ORDER_LIST, PRODUCT_LIST } from "../storefront/schemas.ts";
export { LOGIN_ANSWER } from "../users.ts";
export type { Insights } from "../wallet/schemas.ts";
export {
  BALANCE,
  DIRECTIONS,
  SETTLED_STATUSES,
  type SettledStatus,
  TRANSACTION_LIST,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionView as Transaction,
} from "../wallet/schemas.ts";
