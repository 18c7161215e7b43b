import type { Insights, Transaction } from "../client/wire.ts";
import { expectBody, expectShape, type Shape } from "./expect.ts";
import type { Http } from "./http.ts";
import { failCheck, skipCheck } from "./outcome.ts";
import { bearer, type RunContext } from "./run-context.ts";

// The answers' types are those of the schemas the sandbox's wallet answers with (type-only: the checks run no server code).

/** Money added is income, money leaving is spending. */
const DIRECTION_OF_TYPE: Record<string, string> = {
  deposit: "income",
  card_topup: "income",
  exchange: "spending",
  transfer: "spending",
};

const oneOf = (values: readonly string[]) => (value: unknown) =>
  typeof value === "string" && values.includes(value)
    ? undefined
    : `expected one of ${values.join(", ")}, got ${JSON.stringify(value)}`;
const instant = (value: unknown) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
    ? undefined
    : `expected an ISO 8601 date-time, got ${JSON.stringify(value)}`;
const instantOrNull = (value: unknown) => (value === null ? undefined : instant(value));

export const TRANSACTION: Shape = {
  id: "string",
  type: oneOf(Object.keys(DIRECTION_OF_TYPE)),
  direction: oneOf(["income", "spending"]),
  amount: (value) =>
    typeof value === "number" && value > 0 ? undefined : `expected a positive amount, got ${JSON.stringify(value)}`,
  currency: "string",
  // Pending: the sandbox's triggers make transactions that settle later; they count nowhere.
  status: oneOf(["Completed", "Failed", "Pending"]),
  description: "string",
  createdAt: instant,
};

export const INSIGHTS: Shape = {
  income: "number",
  spending: "number",
  net: "number",
  currency: "string",
  from: instantOrNull,
  to: instantOrNull,
};

/** The type says the direction: a transaction whose direction contradicts it breaks the classification. */
export function checkDirection(transaction: Transaction): void {
  if (DIRECTION_OF_TYPE[transaction.type] !== transaction.direction)
    failCheck(
      `${transaction.id}: a ${transaction.type} is ${DIRECTION_OF_TYPE[transaction.type]}, got direction ${transaction.direction}`,
    );
}

/** GET {prefix}/transactions with this query, as the user (or the second user). */
export async function listTransactions(
  http: Http,
  run: RunContext,
  query = "",
  who: "user" | "secondUser" = "user",
): Promise<{ transactions: Transaction[]; insights?: Insights }> {
  const { token } = await run.signIn("wallet", who);
  const body = expectBody<{ transactions: Transaction[]; insights?: Insights }>(
    await http.get(run.walletUrl(`/transactions${query}`), bearer(token)),
    { transactions: [TRANSACTION] },
  );
  if (query.includes("include_insights=true")) expectShape(body.insights, INSIGHTS, "the body.insights");
  return body;
}

/** Every transaction of the user, read once per run: the other checks compute what they expect from it. */
export function allTransactions(run: RunContext): Promise<Transaction[]> {
  return run.once("all transactions", async (http) => (await listTransactions(http, run)).transactions);
}

/** Completed income and spending of these transactions; Failed (and Pending) ones never count. */
export function totalsOf(transactions: readonly Transaction[]): { income: number; spending: number; net: number } {
  let incomeCents = 0;
  let spendingCents = 0;
  for (const transaction of transactions) {
    if (transaction.status !== "Completed") continue;
    const amountCents = Math.round(transaction.amount * 100);
    if (transaction.direction === "income") incomeCents += amountCents;
    else spendingCents += amountCents;
  }
  return { income: incomeCents / 100, spending: spendingCents / 100, net: (incomeCents - spendingCents) / 100 };
}

/** The transactions whose createdAt lies in [from, to]. */
export function within(transactions: readonly Transaction[], from: number, to: number): Transaction[] {
  return transactions.filter((transaction) => {
    const at = Date.parse(transaction.createdAt);
    return at >= from && at <= to;
  });
}

/** A transaction of the list with that status, or a skip saying there is none. */
export function withStatus(transactions: readonly Transaction[], status: string): Transaction {
  return (
    transactions.find((transaction) => transaction.status === status) ??
    skipCheck(`the user has no ${status} transaction`)
  );
}

export type { Insights, Transaction };
