import { answerOf, type ServiceClient } from "../../client/service-client.ts";
import { LIST_ORDERS } from "../../contracts/storefront/routes.ts";
import type { OrderView as Order } from "../../contracts/storefront/schemas.ts";
import type { Period } from "../../contracts/wallet/periods.ts";
import { GET_BALANCE, LIST_TRANSACTIONS } from "../../contracts/wallet/routes.ts";
import type { Insights, TransactionView as Transaction } from "../../contracts/wallet/schemas.ts";

// The answers' types come from the schemas the servers answer with (type-only imports: nothing of the servers runs in the UI).

/** `all` sends no direction: the wallet lists both. */
export const DIRECTIONS = ["all", "income", "spending"] as const;
export type DirectionFilter = (typeof DIRECTIONS)[number];

export interface WalletView {
  balance: number;
  currency: string;
  transactions: Transaction[];
  insights?: Insights;
}

/** The signed-in shopper's orders, newest first. */
export async function fetchOrders(client: ServiceClient, token: string, signal?: AbortSignal): Promise<Order[]> {
  const path = "/api/orders";
  const result = await client.call(LIST_ORDERS, { service: "storefront", path, token, signal });
  return answerOf(result, "storefront", `GET ${path}`).orders;
}

/** The balance, and the transactions of a period (one direction or both) with the period's insight totals. */
export async function fetchWallet(
  client: ServiceClient,
  options: { token: string; prefix: string; period: Period; direction: DirectionFilter; signal?: AbortSignal },
): Promise<WalletView> {
  const { token, prefix, signal } = options;
  const query = new URLSearchParams({ period: options.period, include_insights: "true" });
  if (options.direction !== "all") query.set("direction", options.direction);
  const paths = { balance: `${prefix}/balance`, transactions: `${prefix}/transactions?${query}` };
  const [balance, listed] = await Promise.all([
    client
      .call(GET_BALANCE, { service: "wallet", path: paths.balance, token, signal })
      .then((result) => answerOf(result, "wallet", `GET ${paths.balance}`)),
    client
      .call(LIST_TRANSACTIONS, { service: "wallet", path: paths.transactions, token, signal })
      .then((result) => answerOf(result, "wallet", `GET ${paths.transactions}`)),
  ]);
  return {
    balance: balance.balance,
    currency: balance.currency,
    transactions: listed.transactions,
    insights: listed.insights,
  };
}

/** The orders whose reference contains the typed text (any case): the filter narrows as it is typed. */
export function filterOrders(orders: readonly Order[], text: string): Order[] {
  const wanted = text.trim().toUpperCase();
  return wanted === "" ? [...orders] : orders.filter((order) => order.orderId.toUpperCase().includes(wanted));
}

/** The next value of a cycle (the period and direction keys). */
export function nextOf<T>(values: readonly T[], current: T): T {
  return values[(values.indexOf(current) + 1) % values.length]!;
}

export type { Insights, Order, Transaction };
