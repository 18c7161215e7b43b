import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { SandboxError } from "../../src/errors.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { ADA, errorBody, NGOZI, startTestSandbox, TUNDE, tempDir } from "../helpers/sandbox.ts";

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
interface Insights {
  income: number;
  spending: number;
}

const post = (url: string, name: string, body: unknown) =>
  fetch(`${url}/__sandbox/trigger/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const rejectsWith = (code: string, status: number, message?: RegExp) => (error: unknown) =>
  error instanceof SandboxError &&
  error.code === code &&
  error.status === status &&
  (!message || message.test(error.message));

/** What the wallet's own routes say for a user: the balance, the newest transactions and the last 7 days' insights. */
async function walletView(walletUrl: string, token: string) {
  const get = async <T>(path: string) =>
    (await (
      await fetch(`${walletUrl}/api/wallet${path}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as T;
  const { balance } = await get<{ balance: number }>("/balance");
  const { transactions, insights } = await get<{ transactions: Transaction[]; insights: Insights }>(
    "/transactions?period=7d&include_insights=true",
  );
  // The totals only: the window's ends move with the clock between two calls.
  return { balance, transactions, insights: { income: insights.income, spending: insights.spending } };
}

const cents = (amount: number) => Math.round(amount * 100);

test("trigger order-delivered: the order is Delivered on the orders routes", async (t) => {
  const sandbox = await startFullSandbox(t);
  const storefront = sandbox.urls.storefront!;
  const controls = new ControlsClient(sandbox.urls.host!);
  const token = await loginAt(storefront);
  const orders = async () =>
    (
      (await (await fetch(`${storefront}/api/orders`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        orders: { id: string; orderId: string; status: string }[];
      }
    ).orders;
  const processing = (await orders()).filter((order) => order.status === "Processing");
  assert.equal(processing.length, 2);

  const result = await controls.triggerOrderDelivered(processing[0]!.orderId);
  assert.deepEqual(
    {
      orderId: result.order.orderId,
      status: result.order.status,
      previousStatus: result.previousStatus,
      userId: result.userId,
    },
    { orderId: processing[0]!.orderId, status: "Delivered", previousStatus: "Processing", userId: ADA.id },
  );
  assert.equal((await orders()).find((order) => order.orderId === processing[0]!.orderId)!.status, "Delivered");

  await t.test("by the order's id too", async () => {
    await controls.triggerOrderDelivered(processing[1]!.id);
    assert.ok((await orders()).every((order) => order.status === "Delivered"));
  });

  await t.test("an unknown order is a 404 naming it", async () => {
    const response = await post(storefront, "order-delivered", { orderId: "ORD-NOSUCH" });
    assert.equal(response.status, 404);
    const body = await errorBody(response);
    assert.equal(body.code, "order_not_found");
    assert.match(body.error, /"ORD-NOSUCH"/);
  });

  await t.test("no orderId is a 400 naming the field", async () => {
    const response = await post(storefront, "order-delivered", {});
    assert.equal(response.status, 400);
    assert.deepEqual((await errorBody(response)).details, { field: "orderId" });
  });
});

test("trigger transaction: listed at once, counted in the balance and insights as its status says", async (t) => {
  const sandbox = await startFullSandbox(t);
  const wallet = sandbox.urls.wallet!;
  const controls = new ControlsClient(sandbox.urls.storefront!);
  const token = await loginAt(wallet);
  const before = await walletView(wallet, token);

  await t.test("Completed income (the default status): listed first, balance and insights up", async () => {
    const { transaction, userId } = await controls.triggerTransaction({
      user: ADA.email,
      amount: 25.5,
      direction: "income",
    });
    assert.equal(userId, ADA.id);
    assert.deepEqual(
      { ...transaction, id: undefined, createdAt: undefined },
      {
        id: undefined,
        type: "deposit",
        direction: "income",
        amount: 25.5,
        currency: "USD",
        status: "Completed",
        description: "Deposit",
        createdAt: undefined,
      },
    );
    assert.match(transaction.id, /^txn_[a-z0-9_]+$/, "an id the agent's resolver recognises");
    const after = await walletView(wallet, token);
    assert.deepEqual(after.transactions[0], transaction);
    assert.equal(cents(after.balance), cents(before.balance) + 2550);
    assert.equal(cents(after.insights.income), cents(before.insights.income) + 2550);
  });

  await t.test("Pending: listed, counted nowhere until it settles as Completed", async () => {
    const start = await walletView(wallet, token);
    const { transaction } = await controls.triggerTransaction({
      user: ADA.id,
      amount: 100,
      direction: "spending",
      status: "Pending",
      type: "exchange",
      description: "USD → NGN exchange",
    });
    assert.deepEqual(
      [transaction.type, transaction.direction, transaction.status, transaction.description],
      ["exchange", "spending", "Pending", "USD → NGN exchange"],
    );
    const pending = await walletView(wallet, token);
    assert.equal(pending.transactions[0]!.status, "Pending");
    assert.equal(pending.balance, start.balance);
    assert.deepEqual(pending.insights, start.insights);

    const settled = await controls.triggerTransactionStatus(transaction.id, "Completed");
    assert.equal(settled.previousStatus, "Pending");
    assert.equal(settled.transaction.status, "Completed");
    const after = await walletView(wallet, token);
    assert.equal(after.transactions[0]!.status, "Completed");
    assert.equal(cents(after.balance), cents(start.balance) - 10_000);
    assert.equal(cents(after.insights.spending), cents(start.insights.spending) + 10_000);
    const one = (await (
      await fetch(`${wallet}/api/wallet/transactions/${transaction.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as Transaction;
    assert.equal(one.status, "Completed");
  });

  await t.test("Pending that settles as Failed never counts", async () => {
    const start = await walletView(wallet, token);
    const { transaction } = await controls.triggerTransaction({
      user: ADA.id,
      amount: 7,
      direction: "income",
      status: "Pending",
    });
    await controls.triggerTransactionStatus(transaction.id, "Failed");
    const after = await walletView(wallet, token);
    assert.equal(after.transactions[0]!.status, "Failed");
    assert.equal(after.balance, start.balance);
    assert.deepEqual(after.insights, start.insights);
  });

  await t.test("a settled transaction keeps its status: the same one is a no-op, the other a 409", async () => {
    const { transaction } = await controls.triggerTransaction({ user: ADA.id, amount: 3, direction: "income" });
    assert.equal(
      (await controls.triggerTransactionStatus(transaction.id, "Completed")).transaction.status,
      "Completed",
    );
    await assert.rejects(
      controls.triggerTransactionStatus(transaction.id, "Failed"),
      rejectsWith("transaction_settled", 409, /Completed already/),
    );
    await assert.rejects(
      controls.triggerTransactionStatus("txn_ada_0002", "Completed"),
      rejectsWith("transaction_settled", 409, /Failed already/),
    );
    await assert.rejects(
      controls.triggerTransactionStatus("txn_nosuch", "Completed"),
      rejectsWith("transaction_not_found", 404, /"txn_nosuch"/),
    );
  });

  await t.test("in the user's wallet currency, dated by the sandbox clock", async () => {
    sandbox.clock.advance(3 * 86_400_000);
    t.after(() => sandbox.clock.reset());
    const { transaction, userId } = await controls.triggerTransaction({
      user: NGOZI.email.toUpperCase(),
      amount: 5000,
      direction: "income",
      type: "card_topup",
    });
    assert.equal(userId, NGOZI.id);
    assert.equal(transaction.currency, "NGN");
    assert.ok(
      Math.abs(Date.parse(transaction.createdAt) - (Date.now() + 3 * 86_400_000)) < 5000,
      transaction.createdAt,
    );
  });

  await t.test("bad input is a 400 naming the field; an unknown user a 404", async () => {
    const valid = { user: TUNDE.id, amount: 1, direction: "income" };
    const cases: [string, Record<string, unknown>, string][] = [
      ["no user", { ...valid, user: undefined }, "user"],
      ["amount 0", { ...valid, amount: 0 }, "amount"],
      ["amount with 3 decimals", { ...valid, amount: 1.234 }, "amount"],
      ["amount as a string", { ...valid, amount: "12" }, "amount"],
      ["no direction", { ...valid, direction: undefined }, "direction"],
      ["a type of the other direction", { ...valid, type: "transfer" }, "type"],
      ["an unknown status", { ...valid, status: "Settled" }, "status"],
      ["an empty description", { ...valid, description: " " }, "description"],
    ];
    for (const [name, body, field] of cases) {
      const response = await post(wallet, "transaction", body);
      assert.equal(response.status, 400, name);
      assert.equal(((await errorBody(response)).details as { field: string }).field, field, name);
    }
    const unknown = await post(wallet, "transaction", { ...valid, user: "nobody@example.com" });
    assert.equal(unknown.status, 404);
    const body = await errorBody(unknown);
    assert.equal(body.code, "user_not_found");
    assert.match(body.error, /nobody@example\.com/);
    const status = await post(wallet, "transaction-status", { transactionId: "txn_ada_0001", status: "Pending" });
    assert.equal(((await errorBody(status)).details as { field: string }).field, "status", "only Completed or Failed");
  });
});

test("triggers persist: a restart shows their effects", async (t) => {
  const dataDir = await tempDir(t);
  const first = await startFullSandbox(t, {}, dataDir);
  const controls = new ControlsClient(first.urls.wallet!);
  await controls.triggerOrderDelivered("ORD-7F3K2Q");
  const { transaction } = await controls.triggerTransaction({
    user: ADA.id,
    amount: 9.99,
    direction: "spending",
    status: "Pending",
  });
  await controls.triggerTransactionStatus(transaction.id, "Failed");
  await first.close();

  const second = await startFullSandbox(t, {}, dataDir);
  const storefrontToken = await loginAt(second.urls.storefront!);
  const orders = (await (
    await fetch(`${second.urls.storefront}/api/orders?order_id=ORD-7F3K2Q`, {
      headers: { authorization: `Bearer ${storefrontToken}` },
    })
  ).json()) as { orders: { status: string }[] };
  assert.equal(orders.orders[0]!.status, "Delivered");
  const walletToken = await loginAt(second.urls.wallet!);
  const stored = (await (
    await fetch(`${second.urls.wallet}/api/wallet/transactions/${transaction.id}`, {
      headers: { authorization: `Bearer ${walletToken}` },
    })
  ).json()) as Transaction;
  assert.deepEqual(stored, { ...transaction, status: "Failed" });
});

test("a trigger of a server the sandbox does not run is a 404 naming what it has", async (t) => {
  const { url } = await startTestSandbox(t);
  const response = await post(url, "transaction", { user: ADA.id, amount: 1, direction: "income" });
  assert.equal(response.status, 404);
  const body = await errorBody(response);
  assert.equal(body.code, "not_found");
  assert.match(
    body.error,
    /No trigger "transaction" here: the servers this sandbox runs \(storefront\) have order-delivered/,
  );
});
