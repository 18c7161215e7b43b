import type { Insights } from "../contracts/wallet/schemas.ts";
import { toMajorUnits } from "../money.ts";
import type { StoredTransaction, Wallet } from "./model.ts";
import { directionOf, selectTransactions } from "./transactions.ts";
import type { TimeWindow } from "./window.ts";

/** Completed income and spending, summed in cents. Failed and Pending transactions never count. */
export function totals(transactions: readonly StoredTransaction[]): { incomeCents: number; spendingCents: number } {
  let incomeCents = 0;
  let spendingCents = 0;
  for (const transaction of transactions) {
    if (transaction.status !== "Completed") continue;
    if (directionOf(transaction) === "income") incomeCents += transaction.amountCents;
    else spendingCents += transaction.amountCents;
  }
  return { incomeCents, spendingCents };
}

/**
 * Income, spending and net over the window, whatever the direction filter of the list. With no
 * window (neither period nor from/to) the totals are all 0 ("empty insights", as the real wallet answers).
 */
export function insightsFor(all: readonly StoredTransaction[], wallet: Wallet, window: TimeWindow | null): Insights {
  const { incomeCents, spendingCents } = window
    ? totals(selectTransactions(all, wallet.userId, window))
    : { incomeCents: 0, spendingCents: 0 };
  return {
    income: toMajorUnits(incomeCents),
    spending: toMajorUnits(spendingCents),
    net: toMajorUnits(incomeCents - spendingCents),
    currency: wallet.currency,
    from: window?.from?.toISOString() ?? null,
    to: window?.to?.toISOString() ?? null,
  };
}

/** Opening balance + Completed income − Completed spending. */
export function balanceCents(all: readonly StoredTransaction[], wallet: Wallet): number {
  const { incomeCents, spendingCents } = totals(all.filter((transaction) => transaction.userId === wallet.userId));
  return wallet.openingBalanceCents + incomeCents - spendingCents;
}
