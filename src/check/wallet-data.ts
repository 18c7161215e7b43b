import { isOneOf } from "../choices.ts";
import { DIRECTIONS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../contracts/wallet/schemas.ts";
import { type Check, expectBody, expectShape, optionalMember, type Shape, type ShapeType } from "./expect.ts";
import type { Http } from "./http.ts";
import { failCheck, skipCheck } from "./outcome.ts";
import { bearer, type RunContext } from "./run-context.ts";

// The answers' types are those of the schemas the sandbox's wallet answers with (type-only: the checks run no server code).

/** Money added is income, money leaving is spending. */
const DIRECTION_OF_TYPE: Record<Transaction["type"], Transaction["direction"]> = {
  deposit: "income",
  card_topup: "income",
  exchange: "spending",
  transfer: "spending",
};

/** One of the values (`isOneOf` narrows to them, so the shape's type is their union). */
const oneOf =
  <const V extends string>(values: readonly V[]): Check<V> =>
  (value) =>
    isOneOf(values, value) ? undefined : `expected one of ${values.join(", ")}, got ${JSON.stringify(value)}`;
const instant: Check<string> = (value) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
    ? undefined
    : `expected an ISO 8601 date-time, got ${JSON.stringify(value)}`;
const instantOrNull: Check<string | null> = (value) => (value === null ? undefined : instant(value));
const positive: Check<number> = (value) =>
  typeof value === "number" && value > 0 ? undefined : `expected a positive amount, got ${JSON.stringify(value)}`;

export const TRANSACTION = {
  id: "string",
  type: oneOf(TRANSACTION_TYPES),
  direction: oneOf(DIRECTIONS),
  amount: positive,
  currency: "string",
  // Pending: the sandbox's triggers make transactions that settle later; they count nowhere.
  status: oneOf(TRANSACTION_STATUSES),
  description: "string",
  createdAt: instant,
} as const satisfies Shape;
/** A transaction, as the wallet's spec lists it. */
export type Transaction = ShapeType<typeof TRANSACTION>;

export const INSIGHTS = {
  income: "number",
  spending: "number",
  net: "number",
  currency: "string",
  from: instantOrNull,
  to: instantOrNull,
} as const satisfies Shape;
/** The insights of a period, as the wallet's spec answers them. */
export type Insights = ShapeType<typeof INSIGHTS>;

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
  const body = expectBody(await http.get(run.walletUrl(`/transactions${query}`), bearer(token)), {
    transactions: [TRANSACTION],
  });
  if (!query.includes("include_insights=true")) return body;
  const insights = optionalMember(body, "insights");
  expectShape(insights, INSIGHTS, "the body.insights");
  return { ...body, insights };
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
