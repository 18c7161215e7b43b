/**
 * What the servers send, as the client tier's users name it: the shapes of the controls' answers
 * (journal entries, faults, the clock) and of the services' views, and the vocabulary the controls
 * take (a transaction's types and statuses). Defined beside the routes that answer them; clients
 * import them from here, so that no client reaches into server code.
 */

// The schemas of the services' answers, which the clients check what they receive against.
export { LOGIN_ANSWER } from "../auth/login.ts";
export type { ClockState } from "../controls/clock-routes.ts";
export type { Fault, FaultSpec } from "../controls/faults/fault.ts";
export type { JournalBody, JournalEntry, JournalFilter } from "../controls/journal/entry.ts";
export { CART, type CartView as Cart } from "../storefront/cart.ts";
export type { ProductView as Product } from "../storefront/catalog.ts";
export { ORDER_LIST, PRODUCT_LIST } from "../storefront/contracts.ts";
export type { OrderView as Order } from "../storefront/orders.ts";
export { BALANCE, TRANSACTION_LIST } from "../wallet/contracts.ts";
export type { Insights } from "../wallet/insights.ts";
export { TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../wallet/model.ts";
export { DIRECTIONS, type TransactionView as Transaction } from "../wallet/transactions.ts";
export { SETTLED_STATUSES, type SettledStatus } from "../wallet/triggers.ts";
