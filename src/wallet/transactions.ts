import type { Direction, TransactionType, TransactionView } from "../contracts/wallet/schemas.ts";
import { toMajorUnits } from "../money.ts";
import type { StoredTransaction } from "./model.ts";
import { inWindow, type TimeWindow } from "./window.ts";

/** The wallet's classification: money added (deposits, card top-ups) is income; money leaving (exchanges, transfers) is spending. */
const DIRECTION_OF: Record<TransactionType, Direction> = {
  deposit: "income",
  card_topup: "income",
  exchange: "spending",
  transfer: "spending",
};

export function directionOf(transaction: Pick<StoredTransaction, "type">): Direction {
  return DIRECTION_OF[transaction.type];
}

export function toTransactionView(transaction: StoredTransaction): TransactionView {
  return {
    id: transaction.id,
    type: transaction.type,
    direction: directionOf(transaction),
    amount: toMajorUnits(transaction.amountCents),
    currency: transaction.currency,
    status: transaction.status,
    description: transaction.description,
    createdAt: transaction.createdAt,
  };
}

/** The user's transactions in the window (and direction, if given), newest first. */
export function selectTransactions(
  all: readonly StoredTransaction[],
  userId: string,
  window: TimeWindow | null,
  direction?: Direction,
): StoredTransaction[] {
  return all
    .filter(
      (transaction) =>
        transaction.userId === userId &&
        inWindow(transaction.createdAt, window) &&
        (!direction || directionOf(transaction) === direction),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
