import { randomBytes } from "node:crypto";
import type { Clock } from "../clock.ts";
import { WALLET_TRIGGER_TEXTS } from "../contracts/wallet/errors.ts";
import type { TriggeredTransaction } from "../contracts/wallet/schemas.ts";
import {
  DIRECTIONS,
  type Direction,
  SETTLED_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionType,
} from "../contracts/wallet/schemas.ts";
import { failWith } from "../errors.ts";
import { choiceField, optionalString, requireString } from "../http/fields.ts";
import { findUser } from "../identity/end-user.ts";
import type { WalletStore } from "./store.ts";
import { directionOf, toTransactionView } from "./transactions.ts";

/** A trigger's transaction takes the plainest type of its direction unless it names one. */
const DEFAULT_TYPE: Record<Direction, TransactionType> = { income: "deposit", spending: "transfer" };
const DEFAULT_DESCRIPTION: Record<TransactionType, string> = {
  deposit: "Deposit",
  card_topup: "Card top-up",
  exchange: "Exchange",
  transfer: "Transfer",
};

/**
 * The transaction trigger: a new transaction of the user (id or email), in the wallet's
 * currency, dated by the sandbox clock's now. Its status (Completed unless given) decides
 * whether it counts in the balance and insights, as for any transaction.
 */
export function addTransaction(
  store: WalletStore,
  clock: Clock,
  input: Record<string, unknown>,
): Promise<TriggeredTransaction> {
  const given = requireString(input, "user");
  const amountCents = centsOf(input.amount);
  const direction = choiceField(input, "direction", DIRECTIONS);
  const type = choiceField(input, "type", TRANSACTION_TYPES, DEFAULT_TYPE[direction]);
  if (directionOf({ type }) !== direction) {
    failWith(WALLET_TRIGGER_TEXTS.typeOfOtherDirection, {
      values: {
        type,
        typeDirection: directionOf({ type }),
        direction,
        types: TRANSACTION_TYPES.filter((candidate) => directionOf({ type: candidate }) === direction).join(", "),
      },
      details: { field: "type", value: type },
    });
  }
  const status = choiceField(input, "status", TRANSACTION_STATUSES, "Completed");
  const description = optionalString(input, "description")?.trim() ?? DEFAULT_DESCRIPTION[type];
  return store.update((draft) => {
    const user = findUser(draft.users, given);
    const wallet = user && draft.wallets.find((candidate) => candidate.userId === user.id);
    if (!wallet) failWith(WALLET_TRIGGER_TEXTS.userNotFound, { values: { given: given.trim() } });
    const transaction = {
      id: `txn_${randomBytes(6).toString("hex")}`,
      userId: wallet.userId,
      type,
      amountCents,
      currency: wallet.currency,
      status,
      description,
      createdAt: clock.now().toISOString(),
    };
    draft.transactions.push(transaction);
    return { transaction: toTransactionView(transaction), userId: wallet.userId };
  });
}

/**
 * The transaction-status trigger: a Pending transaction settles as Completed or Failed. A settled
 * one keeps its status (asking for the one it has changes nothing; the other is refused), as a
 * payment that went through or failed stays so: a retry is a new transaction.
 */
export function settleTransaction(store: WalletStore, input: Record<string, unknown>): Promise<TriggeredTransaction> {
  const id = requireString(input, "transactionId").trim();
  const status = choiceField(input, "status", SETTLED_STATUSES);
  return store.update((draft) => {
    const transaction = draft.transactions.find((candidate) => candidate.id === id);
    if (!transaction) failWith(WALLET_TRIGGER_TEXTS.transactionNotFound, { values: { id } });
    const previousStatus = transaction.status;
    if (previousStatus !== "Pending" && previousStatus !== status) {
      failWith(WALLET_TRIGGER_TEXTS.transactionSettled, { values: { id, previousStatus } });
    }
    transaction.status = status;
    return { transaction: toTransactionView(transaction), userId: transaction.userId, previousStatus };
  });
}

/** A positive amount in major units with at most 2 decimals (12.5, 12.50), as integer cents. */
function centsOf(amount: unknown): number {
  const cents = typeof amount === "number" ? Math.round(amount * 100) : NaN;
  if (!Number.isSafeInteger(cents) || cents < 1 || Math.abs(cents - (amount as number) * 100) > 1e-6) {
    failWith(WALLET_TRIGGER_TEXTS.amount, { details: { field: "amount", value: amount } });
  }
  return cents;
}
