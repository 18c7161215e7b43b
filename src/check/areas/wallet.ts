import { PERIOD_NAMES, PERIODS } from "../../contracts/wallet/periods.ts";
import type { Area, Check } from "../check.ts";
import { expectBody, expectError, expectHeader } from "../expect.ts";
import { failCheck } from "../outcome.ts";
import { bearer } from "../run-context.ts";
import { sameAmount, sameJson } from "../values.ts";
import {
  allTransactions,
  checkDirection,
  listTransactions,
  type Transaction,
  totalsOf,
  within,
  withStatus,
} from "../wallet-data.ts";
import { loginChecks } from "./login.ts";

const DAY_MS = 86_400_000;
const SIGNED_IN = ["wallet", "user"] as const;

const checks: Check[] = [
  ...loginChecks("wallet"),
  {
    name: "balance",
    needs: SIGNED_IN,
    async run({ http, run }) {
      const { token } = await run.signIn("wallet");
      const body = expectBody(await http.get(run.walletUrl("/balance"), bearer(token)), {
        balance: "number",
        currency: "string",
      });
      if (!sameAmount(body.balance, Math.round(body.balance * 100) / 100))
        failCheck(`expected an amount with at most 2 decimals, got ${body.balance}`);
      if (!/^[A-Z]{3}$/.test(body.currency)) failCheck(`expected a currency code such as USD, got "${body.currency}"`);
      return `${body.balance} ${body.currency}`;
    },
  },
  {
    name: "balance without a token",
    needs: ["wallet"],
    async run({ http, run }) {
      const answer = await http.get(run.walletUrl("/balance"));
      expectError(answer, 401, "invalid_token");
      expectHeader(answer, "www-authenticate", /^Bearer\b/i);
      return "401 invalid_token, WWW-Authenticate: Bearer";
    },
  },
  {
    name: "balance with a token that is no JWT",
    needs: ["wallet"],
    async run({ http, run }) {
      expectError(await http.get(run.walletUrl("/balance"), bearer("not.a.jwt")), 401, "invalid_token");
      return "401 invalid_token";
    },
  },
  {
    name: "transactions list, newest first",
    needs: SIGNED_IN,
    async run({ run }) {
      const transactions = await allTransactions(run);
      transactions.forEach(checkDirection);
      const unordered = transactions.findIndex(
        (transaction, index) =>
          index > 0 && Date.parse(transaction.createdAt) > Date.parse(transactions[index - 1]!.createdAt),
      );
      if (unordered > 0)
        failCheck(
          `expected newest first, got ${transactions[unordered]!.id} (${transactions[unordered]!.createdAt}) after ${transactions[unordered - 1]!.id} (${transactions[unordered - 1]!.createdAt})`,
        );
      return `${transactions.length} transactions, ${transactions.filter((transaction) => transaction.status === "Failed").length} Failed`;
    },
  },
  {
    name: "periods 7d, 30d, 90d and 1y",
    needs: SIGNED_IN,
    async run({ http, run }) {
      const all = await allTransactions(run);
      const counts: string[] = [];
      for (const period of PERIOD_NAMES) {
        const { transactions, insights } = await listTransactions(http, run, `?period=${period}&include_insights=true`);
        if (!insights?.from || !insights.to)
          failCheck(
            `${period}: expected insights.from and insights.to, the window, got ${insights?.from ?? null} and ${insights?.to ?? null}`,
          );
        const [from, to] = [Date.parse(insights.from), Date.parse(insights.to)];
        if (Math.abs(to - from - PERIODS[period] * DAY_MS) > 2000)
          failCheck(`${period}: expected a window of ${PERIODS[period]} days, got ${insights.from} to ${insights.to}`);
        sameIds(transactions, within(all, from, to), `${period} (${insights.from} to ${insights.to})`);
        counts.push(`${period}: ${transactions.length}`);
      }
      return counts.join(", ");
    },
  },
  {
    name: "from and to, inclusive dates",
    needs: SIGNED_IN,
    async run({ http, run }) {
      const all = await allTransactions(run);
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
      const [from, to] = [day(60), day(30)];
      const { transactions } = await listTransactions(http, run, `?from=${from}&to=${to}`);
      sameIds(
        transactions,
        within(all, Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`) + DAY_MS - 1),
        `from=${from}&to=${to}`,
      );
      return `from=${from}&to=${to}: ${transactions.length} transactions`;
    },
  },
  refusedQuery("period together with from/to", "period=30d&from=2024-01-01"),
  {
    name: "unknown period",
    needs: SIGNED_IN,
    async run({ http, run }) {
      const { token } = await run.signIn("wallet");
      const { error } = expectError(
        await http.get(run.walletUrl("/transactions?period=2w"), bearer(token)),
        400,
        "validation_error",
      );
      const unnamed = PERIOD_NAMES.filter((period) => !error.includes(period));
      if (unnamed.length > 0)
        failCheck(`expected the error to name the allowed periods, got "${error}" (without ${unnamed.join(", ")})`);
      return `400 validation_error naming ${PERIOD_NAMES.join(", ")}`;
    },
  },
  ...(["income", "spending"] as const).map(
    (direction): Check => ({
      name: `direction=${direction}`,
      needs: SIGNED_IN,
      async run({ http, run }) {
        const all = await allTransactions(run);
        const { transactions } = await listTransactions(http, run, `?direction=${direction}`);
        sameIds(
          transactions,
          all.filter((transaction) => transaction.direction === direction),
          `direction=${direction}`,
        );
        return `${transactions.length} of ${all.length} transactions`;
      },
    }),
  ),
  refusedQuery("unknown direction", "direction=sideways"),
  {
    name: "insights add up the Completed transactions of each period",
    needs: SIGNED_IN,
    async run({ http, run }) {
      let leftOut = 0;
      for (const period of PERIOD_NAMES) {
        const { transactions, insights } = await listTransactions(http, run, `?period=${period}&include_insights=true`);
        const expected = totalsOf(transactions);
        const failed = transactions.filter((transaction) => transaction.status === "Failed");
        for (const total of ["income", "spending", "net"] as const) {
          if (sameAmount(insights![total], expected[total])) continue;
          const withFailed = totalsOf(transactions.map((transaction) => ({ ...transaction, status: "Completed" })))[
            total
          ];
          const hint =
            failed.length > 0 && sameAmount(insights![total], withFailed)
              ? `, which counts the ${failed.length} Failed transactions`
              : "";
          failCheck(
            `${period}: expected ${total} ${expected[total]} (Completed transactions only), got ${insights![total]}${hint}`,
          );
        }
        const currency = transactions[0]?.currency;
        if (currency && insights!.currency !== currency)
          failCheck(
            `${period}: expected insights in the transactions' currency ${currency}, got ${insights!.currency}`,
          );
        leftOut += failed.length;
      }
      return `4 periods add up; ${leftOut} Failed transactions left out`;
    },
  },
  {
    name: "insights without a period or from/to are 0",
    needs: SIGNED_IN,
    async run({ http, run }) {
      const { insights } = await listTransactions(http, run, "?include_insights=true");
      if (insights!.income !== 0 || insights!.spending !== 0 || insights!.net !== 0)
        failCheck(
          `expected income, spending and net 0, got ${insights!.income}, ${insights!.spending}, ${insights!.net}`,
        );
      return "income, spending and net 0";
    },
  },
  {
    name: "transaction status by id",
    needs: SIGNED_IN,
    async run({ http, run }) {
      const all = await allTransactions(run);
      const { token } = await run.signIn("wallet");
      const shown: string[] = [];
      for (const status of ["Completed", "Failed"]) {
        const listed = withStatus(all, status);
        const one = expectBody(
          await http.get(run.walletUrl(`/transactions/${encodeURIComponent(listed.id)}`), bearer(token)),
          { id: "string", status: "string" },
        );
        if (!sameJson(one, listed))
          failCheck(`expected ${listed.id} as the list shows it (${listed.status}), got ${JSON.stringify(one)}`);
        shown.push(`${listed.id}: ${one.status}`);
      }
      return shown.join(", ");
    },
  },
  {
    name: "unknown transaction",
    needs: SIGNED_IN,
    async run({ http, run }) {
      const { token } = await run.signIn("wallet");
      expectError(
        await http.get(run.walletUrl("/transactions/txn_no_such_zzq"), bearer(token)),
        404,
        "transaction_not_found",
      );
      return "404 transaction_not_found";
    },
  },
  {
    name: "another user's transaction",
    needs: [...SIGNED_IN, "secondUser"],
    async run({ http, run }) {
      const theirs = withStatus((await listTransactions(http, run, "", "secondUser")).transactions, "Completed");
      const { token } = await run.signIn("wallet");
      expectError(
        await http.get(run.walletUrl(`/transactions/${encodeURIComponent(theirs.id)}`), bearer(token)),
        404,
        "transaction_not_found",
      );
      return `${theirs.id}: 404 transaction_not_found`;
    },
  },
];

/** A transactions query the wallet must refuse with 400 validation_error. */
function refusedQuery(name: string, query: string): Check {
  return {
    name,
    needs: SIGNED_IN,
    async run({ http, run }) {
      const { token } = await run.signIn("wallet");
      expectError(await http.get(run.walletUrl(`/transactions?${query}`), bearer(token)), 400, "validation_error");
      return "400 validation_error";
    },
  };
}

export const walletArea: Area = { name: "wallet", plan: async () => checks };

/** The list must hold exactly the expected transactions, in the same order. */
function sameIds(got: readonly Transaction[], expected: readonly Transaction[], what: string): void {
  const [gotIds, expectedIds] = [
    got.map((transaction) => transaction.id),
    expected.map((transaction) => transaction.id),
  ];
  if (gotIds.join() === expectedIds.join()) return;
  const extra = gotIds.filter((id) => !expectedIds.includes(id));
  const missing = expectedIds.filter((id) => !gotIds.includes(id));
  const detail =
    extra.length + missing.length === 0
      ? "in another order"
      : [
          extra.length ? `${extra.length} not in it (${extra.slice(0, 3).join(", ")})` : "",
          missing.length ? `${missing.length} missing (${missing.slice(0, 3).join(", ")})` : "",
        ]
          .filter(Boolean)
          .join(", ");
  failCheck(
    `${what}: expected the ${expectedIds.length} transactions of the full list that belong there, got ${gotIds.length}: ${detail}`,
  );
}
