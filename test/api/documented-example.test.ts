import assert from "node:assert/strict";
import { after, before, beforeEach, test } from "node:test";
import { type StartedSandbox, startSandbox } from "agent-commerce-sandbox";

let sandbox: StartedSandbox;
before(async () => {
  sandbox = await startSandbox(); // free ports, a temporary data dir
});
after(() => sandbox.close());
beforeEach(async () => {
  await sandbox.controls.reset(); // every test starts from the seed
  await sandbox.controls.clearJournal(); // and sees only its own requests
});

test("the agent adds to the user's cart, and the cart stream her app follows shows it", async () => {
  const cart = await sandbox.cartStream("ada@example.com"); // her cart as her app sees it
  const agent = await sandbox.asAgent("ada@example.com"); // signed in and sessions registered, as her app does
  const added = await agent.addToCart("ofada-rice-5kg", 2);
  assert.ok(added.kind === "answer", `the agent was refused: ${added.status}`);
  assert.deepEqual(
    added.body.items.map((item) => [item.id, item.quantity]),
    [["ofada-rice-5kg", 2]],
  );
  await cart.until((each) => each.items[0]?.quantity === 2, { timeout: 2000 });
  cart.close();
  // The request journal saw the agent's call, for Ada, once.
  const seen = await sandbox.controls.expect(
    { service: "storefront", method: "POST", path: "/api/agent/cart/items", user: sandbox.users[0]!.id, agent: true },
    1,
  );
  assert.ok(seen.ok, `expected 1 agent call, saw ${seen.matched}`);
});

test("a day later the user's token has expired, and the agent is told so", async () => {
  const agent = await sandbox.asAgent("ada@example.com");
  await sandbox.controls.advanceClock("25h");
  const orders = await agent.orders();
  assert.equal(orders.status, 401);
  assert.ok(orders.kind === "error" && orders.body.code === "token_expired");
  await sandbox.controls.resetClock();
});

test("the agent sees a failing cart once, then it works again", async () => {
  const agent = await sandbox.asAgent("ada@example.com");
  await sandbox.controls.addFault({
    service: "storefront",
    route: "POST /api/agent/cart/items",
    status: 503,
    times: 1,
  });
  assert.equal((await agent.addToCart("ofada-rice-5kg")).status, 503);
  assert.equal((await agent.addToCart("ofada-rice-5kg")).status, 200);
});

test("a pending transfer settles, and then counts in the balance", async () => {
  const agent = await sandbox.asAgent("ada@example.com");
  const balance = async () => {
    const wallet = await agent.wallet();
    assert.ok(wallet.kind === "answer", `the wallet answered ${wallet.status}`);
    return wallet.body.balance;
  };
  const before = await balance();
  const { transaction } = await sandbox.controls.triggerTransaction({
    user: "ada@example.com",
    amount: 25,
    direction: "spending",
    status: "Pending",
  });
  assert.equal(await balance(), before, "a pending transaction does not count yet");
  await sandbox.controls.triggerTransactionStatus(transaction.id, "Completed");
  assert.equal(await balance(), before - 25);
});
