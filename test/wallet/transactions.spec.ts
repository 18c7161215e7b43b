import assert from "node:assert/strict";
import { test } from "node:test";
import { ADA, errorBody, NGOZI, startTestSandbox } from "../helpers/sandbox.ts";
import { expectedFor, TRANSACTIONS } from "../helpers/wallet-fixtures.ts";

interface Transaction {
  id: string;
  type: string;
  direction: string;
  amount: number;
  currency: string;
  status: string;
  description: string;
  createdAt: string;
}
interface Listing {
  transactions: Transaction[];
  insights?: {
    income: number;
    spending: number;
    net: number;
    currency: string;
    from: string | null;
    to: string | null;
  };
}

const PERIOD_DAYS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 } as const;

test("transactions and insights for every period, against sums computed from the fixtures", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  for (const [user, currency] of [
    [ADA, "USD"],
    [NGOZI, "NGN"],
  ] as const) {
    const token = await wallet.login(user);
    const list = async (query: string) => {
      const response = await wallet.as(token, `/api/wallet/transactions?${query}`);
      assert.equal(response.status, 200, await response.clone().text());
      return (await response.json()) as Listing;
    };
    for (const [period, days] of Object.entries(PERIOD_DAYS)) {
      await t.test(`${user.email} ${period}`, async () => {
        const expected = expectedFor(user.id, days);
        const body = await list(`period=${period}&include_insights=true`);
        assert.deepEqual(
          body.transactions.map((transaction) => transaction.id),
          expected.ids,
          "the window's transactions, newest first",
        );
        assert.deepEqual(
          {
            income: body.insights?.income,
            spending: body.insights?.spending,
            net: body.insights?.net,
            currency: body.insights?.currency,
          },
          { income: expected.income, spending: expected.spending, net: expected.net, currency },
        );
        const span = Date.parse(body.insights!.to!) - Date.parse(body.insights!.from!);
        assert.equal(span, days * 86_400_000);
        for (const direction of ["income", "spending"])
          assert.ok(
            body.transactions.some(
              (transaction) => transaction.direction === direction && transaction.status === "Completed",
            ),
            `${period} has ${direction}`,
          );
        assert.ok(
          body.transactions.some((transaction) => transaction.status === "Failed"),
          `${period} lists a Failed transaction`,
        );
        for (const transaction of body.transactions) {
          assert.equal(transaction.currency, currency);
          assert.ok(transaction.amount > 0);
          assert.equal(Math.round(transaction.amount * 100) / 100, transaction.amount, "2 decimals, no float noise");
          assert.equal(
            transaction.direction,
            ["deposit", "card_topup"].includes(transaction.type) ? "income" : "spending",
          );
          assert.ok(!Number.isNaN(Date.parse(transaction.createdAt)));
        }
      });
    }

    await t.test(`${user.email}: direction filters the list, not the insights`, async () => {
      for (const direction of ["income", "spending"] as const) {
        const body = await list(`period=30d&direction=${direction}&include_insights=true`);
        assert.deepEqual(
          body.transactions.map((transaction) => transaction.id),
          expectedFor(user.id, 30, direction).ids,
        );
        assert.equal(body.insights?.income, expectedFor(user.id, 30).income);
      }
    });

    await t.test(`${user.email}: no window lists everything and gives empty insights`, async () => {
      const body = await list("include_insights=true");
      assert.deepEqual(
        body.transactions.map((transaction) => transaction.id),
        expectedFor(user.id, Infinity).ids,
      );
      assert.deepEqual(body.insights, { income: 0, spending: 0, net: 0, currency, from: null, to: null });
      assert.equal((await list("period=7d")).insights, undefined, "insights only when asked");
      assert.equal((await list("period=7d&include_insights=false")).insights, undefined);
    });
  }
});

test("from and to: dates and date-times in UTC, both ends inclusive", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const token = await wallet.login();
  const list = async (query: string) =>
    ((await (await wallet.as(token, `/api/wallet/transactions?${query}`)).json()) as Listing).transactions;
  const all = await list("");
  const [newer, older] = [all[3]!, all[10]!];

  await t.test("exact date-times include the transactions at both ends", async () => {
    const ids = (await list(`from=${older.createdAt}&to=${newer.createdAt}`)).map((transaction) => transaction.id);
    assert.deepEqual(
      ids,
      all.slice(3, 11).map((transaction) => transaction.id),
    );
  });

  await t.test("a date-only to covers that whole day; a date-only from starts at its midnight", async () => {
    const day = older.createdAt.slice(0, 10);
    const ids = (await list(`from=${day}&to=${day}`)).map((transaction) => transaction.id);
    assert.deepEqual(
      ids,
      all.filter((transaction) => transaction.createdAt.startsWith(day)).map((transaction) => transaction.id),
    );
    assert.ok(ids.includes(older.id));
  });

  await t.test("from alone runs to now, to alone from the start", async () => {
    assert.deepEqual(
      (await list(`from=${older.createdAt}`)).map((transaction) => transaction.id),
      all.slice(0, 11).map((transaction) => transaction.id),
    );
    assert.deepEqual(
      (await list(`to=${older.createdAt}`)).map((transaction) => transaction.id),
      all.slice(10).map((transaction) => transaction.id),
    );
  });

  await t.test("an offset is converted to UTC; a date-time without one is UTC", async () => {
    const instant = new Date(older.createdAt);
    const plusOne = new Date(instant.getTime() + 3_600_000).toISOString().slice(0, 19);
    assert.deepEqual(
      (await list(`from=${encodeURIComponent(`${plusOne}+01:00`)}&to=${older.createdAt}`)).map(
        (transaction) => transaction.id,
      ),
      [older.id],
    );
    assert.deepEqual(
      (await list(`from=${older.createdAt.slice(0, 19)}&to=${older.createdAt}`)).map((transaction) => transaction.id),
      [older.id],
    );
  });

  await t.test("insights over from/to", async () => {
    const body = (await (
      await wallet.as(
        token,
        `/api/wallet/transactions?from=${older.createdAt}&to=${newer.createdAt}&include_insights=true`,
      )
    ).json()) as Listing;
    assert.equal(body.insights?.from, older.createdAt);
    assert.equal(body.insights?.to, newer.createdAt);
    const cents = (direction: string) =>
      body.transactions
        .filter((transaction) => transaction.status === "Completed" && transaction.direction === direction)
        .reduce((sum, transaction) => sum + Math.round(transaction.amount * 100), 0);
    assert.equal(body.insights?.income, cents("income") / 100);
    assert.equal(body.insights?.spending, cents("spending") / 100);
  });
});

test("every invalid query is a 400 that names what is allowed", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const token = await wallet.login();
  const cases: [string, RegExp][] = [
    ["period=5d", /7d, 30d, 90d, 1y/],
    ["period=7D", /7d, 30d, 90d, 1y/],
    ["period=", /7d, 30d, 90d, 1y/],
    ["period=7d&from=2026-01-01", /either period or from\/to/],
    ["period=30d&to=2026-01-01", /either period or from\/to/],
    ["period=7d&period=30d", /once/],
    ["from=yesterday", /ISO 8601/],
    ["from=2026-02-30", /ISO 8601/],
    ["to=2026-13-01", /ISO 8601/],
    ["from=2026-11-01T25:00:00Z", /ISO 8601/],
    ["from=1700000000", /ISO 8601/],
    ["from=2026-11-02&to=2026-11-01", /after/],
    ["direction=in", /income, spending/],
    ["direction=INCOME", /income, spending/],
    ["include_insights=yes", /true, false/],
    ["include_insights=1", /true, false/],
  ];
  for (const [query, message] of cases) {
    await t.test(query, async () => {
      const response = await wallet.as(token, `/api/wallet/transactions?${query}`);
      assert.equal(response.status, 400);
      const body = await errorBody(response);
      assert.equal(body.code, "validation_error");
      assert.match(body.error, message);
    });
  }
});

test("GET /api/wallet/transactions/{id}", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const token = await wallet.login();
  const mine = TRANSACTIONS.find((transaction) => transaction.userId === ADA.id && transaction.status === "Failed")!;
  const theirs = TRANSACTIONS.find((transaction) => transaction.userId === NGOZI.id)!;

  await t.test("one transaction with its status", async () => {
    const response = await wallet.as(token, `/api/wallet/transactions/${mine.id}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as Transaction;
    assert.equal(body.id, mine.id);
    assert.equal(body.status, "Failed");
    assert.equal(body.amount, mine.amountCents / 100);
    assert.equal(body.description, mine.description);
  });

  for (const [name, id] of [
    ["unknown", "txn_nope_0001"],
    ["another user's", theirs.id],
    ["path tricks", "..%2F..%2Fbalance"],
    ["__proto__", "__proto__"],
  ] as const) {
    await t.test(`${name} id: 404 transaction_not_found`, async () => {
      const response = await wallet.as(token, `/api/wallet/transactions/${id}`);
      assert.equal(response.status, 404);
      assert.equal((await errorBody(response)).code, "transaction_not_found");
    });
  }
});

test("the windows follow the sandbox clock", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const token = await wallet.login();
  wallet.sandbox.clock.advance(3 * 86_400_000);
  const fresh = await wallet.login();
  const ids = (
    (await (await wallet.as(fresh, "/api/wallet/transactions?period=7d")).json()) as Listing
  ).transactions.map((transaction) => transaction.id);
  const expected = TRANSACTIONS.filter((transaction) => transaction.userId === ADA.id && transaction.daysAgo <= 4).map(
    (transaction) => transaction.id,
  );
  assert.deepEqual(ids, expected, "three days later, the last 7 days hold what was 0-4 days old at seeding");
  const stale = await wallet.as(token, "/api/wallet/balance");
  assert.equal(stale.status, 401, "a 24 h token issued before the clock moved 3 days has expired");
  assert.equal((await errorBody(stale)).code, "token_expired");
});
