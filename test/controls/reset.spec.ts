import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { SandboxError } from "../../src/errors.ts";
import type { ServiceName } from "../../src/service-names.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { authorize, basic, CLIENT, tokenRequest } from "../helpers/oauth.ts";
import { ADA, errorBody, startTestSandbox } from "../helpers/sandbox.ts";
import { openRawStream, type SseMessage } from "../helpers/sse.ts";

const carts = (messages: SseMessage[]) => messages.filter((message) => message.event === "cart");
const json = (init: { method?: string; token?: string; body?: unknown }): RequestInit => ({
  method: init.method ?? "GET",
  headers: { "content-type": "application/json", ...(init.token && { authorization: `Bearer ${init.token}` }) },
  body: init.body === undefined ? undefined : JSON.stringify(init.body),
});
const rejectsWith = (code: string, status: number) => (error: unknown) =>
  error instanceof SandboxError && error.code === code && error.status === status;

test("POST /__sandbox/reset puts every server back to the seed", async (t) => {
  const sandbox = await startFullSandbox(t);
  const { storefront, wallet, host } = sandbox.urls as Record<ServiceName, string>;
  const controls = new ControlsClient(host);
  const seed = await controls.exportData();
  const token = await loginAt(storefront);

  // Change everything a reset undoes: a cart, an order, a transaction, a client, agent sessions, an OAuth code in flight.
  assert.equal(
    (
      await fetch(
        `${storefront}/api/cart/items`,
        json({ method: "POST", token, body: { product_id: "ofada-rice-5kg", quantity: 3 } }),
      )
    ).status,
    200,
  );
  await controls.triggerOrderDelivered("ORD-7F3K2Q");
  await controls.triggerTransaction({ user: ADA.email, amount: 10, direction: "income" });
  assert.equal(
    (
      await fetch(
        `${wallet}/__sandbox/oauth/clients`,
        json({ method: "POST", body: { name: "Temp", redirectUris: ["http://127.0.0.1:4000/cb"] } }),
      )
    ).status,
    201,
  );
  assert.equal((await sessionRequest(storefront, "POST", { userId: ADA.id, token })).status, 200);
  assert.equal((await sessionRequest(host, "POST", { userId: ADA.id, token: await loginAt(wallet) })).status, 200);
  const code = (
    await authorize(wallet, { response_type: "code", client_id: CLIENT.id, redirect_uri: CLIENT.redirectUri })
  ).searchParams.get("code")!;
  const stream = await openRawStream(`${storefront}/api/cart/stream?access_token=${encodeURIComponent(token)}`);
  t.after(() => stream.close());
  await stream.until((all) => carts(all).length === 1);

  const response = await fetch(`${storefront}/__sandbox/reset`, { method: "POST" });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { reset: ["storefront", "wallet", "host"] });

  await t.test("an open cart stream gets a cart event with the emptied cart", async () => {
    const messages = await stream.until((all) => carts(all).length === 2);
    assert.deepEqual(JSON.parse(carts(messages)[1]!.data!), { items: [], subtotal: 0 });
    assert.equal(carts(messages)[1]!.id, "0", "the cart is new again: its version starts over");
  });

  await t.test("the data is the seed again (dated by the clock's now)", async () => {
    const after = await controls.exportData();
    const undated = (document: typeof seed) =>
      JSON.stringify(document.services).replace(/"(placedAt|createdAt)":"[^"]+"/g, "");
    assert.equal(undated(after), undated(seed));
    const orders = (await (await fetch(`${storefront}/api/orders?order_id=ORD-7F3K2Q`, json({ token }))).json()) as {
      orders: { status: string }[];
    };
    assert.equal(orders.orders[0]!.status, "Processing");
  });

  await t.test("agent sessions of the storefront and the host app are gone", async () => {
    assert.equal((await errorBody(await asAgent(storefront, "/api/agent/products", ADA.id))).code, "no_active_session");
    assert.equal((await errorBody(await asAgent(host, "/api/agent/wallet", ADA.id))).code, "no_active_session");
  });

  await t.test("an OAuth code issued before is void", async () => {
    const exchange = await tokenRequest(
      wallet,
      { grant_type: "authorization_code", code, redirect_uri: CLIENT.redirectUri },
      { authorization: basic(CLIENT.id, CLIENT.secret) },
    );
    assert.equal(exchange.status, 400);
    assert.equal(((await exchange.json()) as { error: string }).error, "invalid_grant");
  });

  await t.test("a token signed before still works until it expires", async () => {
    assert.equal((await fetch(`${storefront}/api/products`, json({ token }))).status, 200);
  });
});

test("reset with only resets those servers", async (t) => {
  const sandbox = await startFullSandbox(t);
  const { storefront } = sandbox.urls as Record<ServiceName, string>;
  const controls = new ControlsClient(storefront);
  const seedTransactions = ((await controls.exportData()).services.wallet as { transactions: unknown[] }).transactions
    .length;
  const token = await loginAt(storefront);
  await fetch(`${storefront}/api/cart/items`, json({ method: "POST", token, body: { product_id: "ofada-rice-5kg" } }));
  await controls.triggerTransaction({ user: ADA.id, amount: 1, direction: "spending" });

  assert.deepEqual(await controls.reset({ only: ["wallet"] }), { reset: ["wallet"] });
  const data = (await controls.exportData()).services as {
    wallet: { transactions: unknown[] };
    storefront: { carts: Record<string, unknown> };
  };
  assert.equal(data.wallet.transactions.length, seedTransactions);
  assert.ok(data.storefront.carts[ADA.id], "the storefront kept its cart");

  await t.test("names as --only takes them: a comma-separated list", async () => {
    const response = await fetch(`${storefront}/__sandbox/reset?only=storefront,host`, { method: "POST" });
    assert.deepEqual(await response.json(), { reset: ["storefront", "host"] });
    assert.deepEqual(
      ((await controls.exportData()).services as { storefront: { carts: object } }).storefront.carts,
      {},
    );
  });

  await t.test("an unknown name is a 400 naming the allowed ones", async () => {
    const response = await fetch(`${storefront}/__sandbox/reset?only=ledger`, { method: "POST" });
    assert.equal(response.status, 400);
    const body = await errorBody(response);
    assert.equal(body.code, "validation_error");
    assert.match(body.error, /storefront, wallet, host/);
  });
});

test("reset of a server the sandbox does not run is a 409, and nothing is reset", async (t) => {
  const { url, login, addToCart } = await startTestSandbox(t);
  const token = await login();
  await addToCart(token, { product_id: "ofada-rice-5kg" });
  const controls = new ControlsClient(url);
  await assert.rejects(controls.reset({ only: ["storefront", "wallet"] }), rejectsWith("service_not_running", 409));
  assert.ok(((await controls.exportData()).services.storefront as { carts: Record<string, unknown> }).carts[ADA.id]);
  assert.deepEqual(await controls.reset(), { reset: ["storefront"] });
});
