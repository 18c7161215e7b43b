import assert from "node:assert/strict";
import { after, before, beforeEach, test } from "node:test";
import { type StartedSandbox, startSandbox } from "agent-sandbox";

let sandbox: StartedSandbox;
before(async () => {
  sandbox = await startSandbox(); // free ports, a temporary data dir
});
after(() => sandbox.close());
beforeEach(async () => {
  await sandbox.controls.reset(); // every test starts from the seed
  await sandbox.controls.clearJournal(); // and sees only its own requests
});

/** Signs the user in to the storefront and registers the agent session, as the app does. */
async function signInAsApp(user: { id: string; email: string; password: string }): Promise<string> {
  const login = await fetch(`${sandbox.urls.storefront}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { token } = (await login.json()) as { token: string };
  await fetch(`${sandbox.urls.storefront}/api/agent/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: user.id, token }),
  });
  return token;
}

/** What the agent sends: the service token and the end user's id. */
function asAgent(path: string, userId: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${sandbox.urls.storefront}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${sandbox.secrets.bffServiceToken}`,
      "x-end-user-id": userId,
      "content-type": "application/json",
      ...init.headers,
    },
  });
}

test("the agent adds to the user's cart", async () => {
  const ada = sandbox.users[0]!;
  await signInAsApp(ada);
  const response = await asAgent("/api/agent/cart/items", ada.id, {
    method: "POST",
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 2 }),
  });
  assert.equal(response.status, 200);
  const cart = (await response.json()) as { items: { id: string; quantity: number }[] };
  assert.deepEqual(
    cart.items.map((item) => [item.id, item.quantity]),
    [["ofada-rice-5kg", 2]],
  );
  // The request journal saw the agent's call, for Ada, once.
  const seen = await sandbox.controls.expect(
    { service: "storefront", method: "POST", path: "/api/agent/cart/items", user: ada.id, agent: true },
    1,
  );
  assert.ok(seen.ok, `expected 1 agent call, saw ${seen.matched}`);
});

test("a day later the user's token has expired, and the agent is told so", async () => {
  const ada = sandbox.users[0]!;
  await signInAsApp(ada);
  await sandbox.controls.advanceClock("25h");
  const response = await asAgent("/api/agent/orders", ada.id);
  assert.equal(response.status, 401);
  assert.equal(((await response.json()) as { code: string }).code, "token_expired");
  await sandbox.controls.resetClock();
});

test("the agent sees a failing cart once, then it works again", async () => {
  const ada = sandbox.users[0]!;
  await signInAsApp(ada);
  await sandbox.controls.addFault({
    service: "storefront",
    route: "POST /api/agent/cart/items",
    status: 503,
    times: 1,
  });
  const add = () =>
    asAgent("/api/agent/cart/items", ada.id, {
      method: "POST",
      body: JSON.stringify({ product_id: "ofada-rice-5kg" }),
    });
  assert.equal((await add()).status, 503);
  assert.equal((await add()).status, 200);
});

test("a pending transfer settles, and then counts in the balance", async () => {
  const ada = sandbox.users[0]!;
  const balance = async () => {
    const login = await fetch(`${sandbox.urls.wallet}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ada.email, password: ada.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const answer = await fetch(`${sandbox.urls.wallet}/api/wallet/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { balance: number }).balance;
  };
  const before = await balance();
  const { transaction } = await sandbox.controls.triggerTransaction({
    user: ada.email,
    amount: 25,
    direction: "spending",
    status: "Pending",
  });
  assert.equal(await balance(), before, "a pending transaction does not count yet");
  await sandbox.controls.triggerTransactionStatus(transaction.id, "Completed");
  assert.equal(await balance(), before - 25);
});
