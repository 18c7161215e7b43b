import assert from "node:assert/strict";
import { test } from "node:test";
import { SignJWT } from "jose";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { ADA, DEV_STOREFRONT_SECRET, errorBody, TUNDE } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

test("the storefront agent session lifecycle (the spec's state table)", async (t) => {
  const sandbox = await startFullSandbox(t);
  const url = sandbox.urls.storefront!;
  const token = await loginAt(url);

  await t.test("no session: 401 with the spec's text", async () => {
    const response = await asAgent(url, "/api/agent/products", ADA.id);
    assert.equal(response.status, 401);
    assert.deepEqual(await errorBody(response), {
      error: "No active session for this user",
      code: "no_active_session",
    });
  });

  await t.test("register: 200", async () => {
    const response = await sessionRequest(url, "POST", { userId: ADA.id, token });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { status: string; userId: string; expiresAt: string };
    assert.equal(body.status, "registered");
    assert.equal(body.userId, ADA.id);
  });

  await t.test(
    "act: products (q passes through), orders (order_id passes through), cart (quantity 1 by default)",
    async () => {
      const products = (await (await asAgent(url, "/api/agent/products?q=rice", ADA.id)).json()) as {
        items: { name: string }[];
      };
      const direct = (await (
        await fetch(`${url}/api/products?q=rice`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as unknown;
      assert.deepEqual(products, direct);
      const orders = (await (await asAgent(url, "/api/agent/orders?order_id=ORD-7F3K2Q", ADA.id)).json()) as {
        orders: { orderId: string }[];
      };
      assert.deepEqual(
        orders.orders.map((order) => order.orderId),
        ["ORD-7F3K2Q"],
      );
      const cart = await asAgent(url, "/api/agent/cart/items", ADA.id, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ product_id: "ofada-rice-5kg" }),
      });
      assert.equal(cart.status, 200);
      assert.match(cart.headers.get("content-type") ?? "", /^application\/json/, "the agent always gets JSON");
      assert.equal(((await cart.json()) as { items: { quantity: number }[] }).items[0]!.quantity, 1);
    },
  );

  await t.test("errors of the protected route pass through", async () => {
    const response = await asAgent(url, "/api/agent/cart/items", ADA.id, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ product_id: "caviar" }),
    });
    assert.equal(response.status, 404);
    assert.equal((await errorBody(response)).code, "product_not_found");
  });

  await t.test("clear: 200, twice; then the no-session error again", async () => {
    for (let index = 0; index < 2; index++) {
      const response = await sessionRequest(url, "DELETE", { userId: ADA.id });
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { status: "cleared", userId: ADA.id });
    }
    const response = await asAgent(url, "/api/agent/orders", ADA.id);
    assert.equal((await errorBody(response)).error, "No active session for this user");
  });
});

test("the storefront BFF checks", async (t) => {
  const sandbox = await startFullSandbox(t);
  const url = sandbox.urls.storefront!;
  const token = await loginAt(url);
  await sessionRequest(url, "POST", { userId: ADA.id, token });

  await t.test("a wrong or missing service token: 401 with the spec's text", async () => {
    for (const serviceToken of ["wrong", token, ""]) {
      const response = await asAgent(url, "/api/agent/products", ADA.id, { serviceToken });
      assert.equal(response.status, 401);
      assert.deepEqual(await errorBody(response), {
        error: "Invalid agent service token",
        code: "invalid_service_token",
      });
    }
  });

  await t.test("no X-End-User-Id: 400 missing_end_user", async () => {
    const response = await asAgent(url, "/api/agent/products", undefined);
    assert.equal(response.status, 400);
    assert.equal((await errorBody(response)).code, "missing_end_user");
  });

  await t.test("a chat session id instead of the user id: the spec's answer, plus a hint", async () => {
    const response = await asAgent(url, "/api/agent/products", "chat-7f3a");
    assert.equal(response.status, 401);
    const body = await errorBody(response);
    assert.equal(body.error, "No active session for this user");
    assert.match(body.hint ?? "", /UUID/);
  });

  await t.test("another user's id finds no session of Ada's", async () => {
    assert.equal((await errorBody(await asAgent(url, "/api/agent/products", TUNDE.id))).code, "no_active_session");
  });

  const registrations: [string, () => Promise<unknown>, number, string][] = [
    ["sub differs from userId", async () => ({ userId: TUNDE.id, token }), 403, "user_mismatch"],
    ["a bad token", async () => ({ userId: ADA.id, token: "not-a-jwt" }), 401, "invalid_token"],
    [
      "a wallet token",
      async () => ({ userId: ADA.id, token: await loginAt(sandbox.urls.wallet!) }),
      401,
      "invalid_token",
    ],
    ["an expired token", async () => ({ userId: ADA.id, token: await expiredToken() }), 401, "token_expired"],
    ["no token", async () => ({ userId: ADA.id }), 400, "validation_error"],
    ["no userId", async () => ({ token }), 400, "validation_error"],
  ];
  for (const [name, body, status, code] of registrations) {
    await t.test(`registering with ${name}: ${status} ${code}`, async () => {
      const response = await sessionRequest(url, "POST", await body());
      assert.equal(response.status, status);
      assert.equal((await errorBody(response)).code, code);
    });
  }
});

test("a stored JWT that has expired: the protected route's 401 token_expired passes through", async (t) => {
  const sandbox = await startFullSandbox(t, { tokenTtl: "2s" });
  const url = sandbox.urls.storefront!;
  await sessionRequest(url, "POST", { userId: ADA.id, token: await loginAt(url) });
  assert.equal((await asAgent(url, "/api/agent/products", ADA.id)).status, 200);
  sandbox.clock.advance(5000);
  const response = await asAgent(url, "/api/agent/products", ADA.id);
  assert.equal(response.status, 401);
  assert.equal((await errorBody(response)).code, "token_expired");
});

test("the agent's cart change reaches the user's open cart stream at once", async (t) => {
  const sandbox = await startFullSandbox(t);
  const url = sandbox.urls.storefront!;
  const token = await loginAt(url);
  await sessionRequest(url, "POST", { userId: ADA.id, token });
  const stream = await openRawStream(`${url}/api/cart/stream?access_token=${token}`);
  t.after(() => stream.close());
  await stream.until((messages) => messages.some((message) => message.event === "cart"));
  await asAgent(url, "/api/agent/cart/items", ADA.id, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ugu-leaves-bunch", quantity: 2 }),
  });
  const messages = await stream.until((all) => all.filter((message) => message.event === "cart").length === 2, 2000);
  const last = JSON.parse(messages.filter((message) => message.event === "cart")[1]!.data!) as {
    items: { id: string; quantity: number }[];
  };
  assert.deepEqual(
    last.items.map((item) => [item.id, item.quantity]),
    [["ugu-leaves-bunch", 2]],
  );
});

function expiredToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(ADA.id)
    .setIssuer("sandbox-storefront")
    .setIssuedAt(now - 100)
    .setExpirationTime(now - 10)
    .sign(new TextEncoder().encode(DEV_STOREFRONT_SECRET));
}
