import { readFile } from "node:fs/promises";

export interface TransactionFixture {
  id: string;
  userId: string;
  type: string;
  amountCents: number;
  status: string;
  description: string;
  daysAgo: number;
}
export interface WalletFixture {
  userId: string;
  currency: string;
  openingBalanceCents: number;
}

const read = async <T>(name: string) =>
  JSON.parse(await readFile(new URL(`../../fixtures/wallet/${name}`, import.meta.url), "utf8")) as T;
export const { transactions: TRANSACTIONS } = await read<{ transactions: TransactionFixture[] }>("transactions.json");
export const { wallets: WALLETS } = await read<{ wallets: WalletFixture[] }>("wallets.json");

export const isIncome = (transaction: TransactionFixture) =>
  transaction.type === "deposit" || transaction.type === "card_topup";

/** What a period's list and insights must be, computed here from the fixtures alone (in cents). */
export function expectedFor(userId: string, maxDaysAgo: number, direction?: "income" | "spending") {
  const inWindow = TRANSACTIONS.filter(
    (transaction) => transaction.userId === userId && transaction.daysAgo <= maxDaysAgo,
  );
  const completed = inWindow.filter((transaction) => transaction.status === "Completed");
  const income = completed.filter(isIncome).reduce((sum, transaction) => sum + transaction.amountCents, 0);
  const spending = completed
    .filter((transaction) => !isIncome(transaction))
    .reduce((sum, transaction) => sum + transaction.amountCents, 0);
  const listed = direction
    ? inWindow.filter((transaction) => isIncome(transaction) === (direction === "income"))
    : inWindow;
  return {
    ids: [...listed].sort((a, b) => a.daysAgo - b.daysAgo).map((transaction) => transaction.id),
    income: income / 100,
    spending: spending / 100,
    net: (income - spending) / 100,
  };
}
