import type { FromSchema } from "../json-schema.ts";
import { toMajorUnits } from "../money.ts";
import type { StoredTransaction, Wallet } from "./model.ts";
import { directionOf, selectTransactions } from "./transactions.ts";
import type { TimeWindow } from "./window.ts";

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
