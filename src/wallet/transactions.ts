import type { FromSchema } from "../json-schema.ts";
import { toMajorUnits } from "../money.ts";
import { type StoredTransaction, TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionType } from "./model.ts";
import { inWindow, type TimeWindow } from "./window.ts";

export const DIRECTIONS = ["income", "spending"] as const;
export type Direction = (typeof DIRECTIONS)[number];

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
