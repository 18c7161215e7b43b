import assert from "node:assert/strict";
import { test } from "node:test";
import { AUTH_TEXTS } from "../../src/contracts/auth-errors.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { closeServer, closeWhenDone } from "../helpers/deadline.ts";
import { ADA, errorBody, NGOZI } from "../helpers/sandbox.ts";

interface AgentWallet {
  balance: number;
  currency: string;
  transactions: { id: string }[];
  insights?: { income: number };
}

test("the host app: session lifecycle and GET /api/agent/wallet", async (t) => {
  const sandbox = await startFullSandbox(t);
  const host = sandbox.urls.host!;
  const wallet = sandbox.urls.wallet!;
  const walletToken = await loginAt(wallet);

  await t.test("GET /health", async () =>
    assert.deepEqual(await (await fetch(`${host}/health`)).json(), { status: "ok" }),
  );

  await t.test("no session: 401 No active session for this user", async () => {
    const response = await asAgent(host, "/api/agent/wallet", ADA.id);
    assert.equal(response.status, 401);
    assert.deepEqual(await errorBody(response), {
      error: "No active session for this user",
      code: "no_active_session",
    });
  });

  await t.test("a storefront token is not a wallet session", async () => {
    const response = await sessionRequest(host, "POST", {
      userId: ADA.id,
      token: await loginAt(sandbox.urls.storefront!),
    });
    assert.equal(response.status, 401);
    assert.equal((await errorBody(response)).code, "invalid_token");
  });

  await t.test("register, then the balance with the transactions, as the wallet gives them", async () => {
    assert.equal((await sessionRequest(host, "POST", { userId: ADA.id, token: walletToken })).status, 200);
    const body = (await (
      await asAgent(host, "/api/agent/wallet?period=30d&include_insights=true&direction=income", ADA.id)
    ).json()) as AgentWallet;
    const auth = { headers: { authorization: `Bearer ${walletToken}` } };
    const balance = (await (await fetch(`${wallet}/api/wallet/balance`, auth)).json()) as {
      balance: number;
      currency: string;
    };
    const direct = (await (
      await fetch(`${wallet}/api/wallet/transactions?period=30d&include_insights=true&direction=income`, auth)
    ).json()) as AgentWallet;
    // The window ends "now", which moved between the two calls: compare everything else.
    const withoutWindow = ({ insights, ...rest }: AgentWallet) => ({
      ...rest,
      insights: insights && { ...insights, from: undefined, to: undefined },
    });
    assert.deepEqual(withoutWindow(body), withoutWindow({ ...balance, ...direct }));
    assert.ok(body.insights, "insights when asked");
  });

  await t.test("without a query: every transaction, no insights", async () => {
    const body = (await (await asAgent(host, "/api/agent/wallet", ADA.id)).json()) as AgentWallet;
    assert.equal(body.insights, undefined);
    assert.ok(body.transactions.length >= 42);
  });

  await t.test("the wallet's own errors pass through", async () => {
    const response = await asAgent(host, "/api/agent/wallet?period=5d", ADA.id);
    assert.equal(response.status, 400);
    assert.match((await errorBody(response)).error, /7d, 30d, 90d, 1y/);
  });

  await t.test("wrong service token; missing user; sub ≠ userId", async () => {
    assert.equal(
      (await errorBody(await asAgent(host, "/api/agent/wallet", ADA.id, { serviceToken: "nope" }))).error,
      "Invalid agent service token",
    );
    assert.equal((await errorBody(await asAgent(host, "/api/agent/wallet", undefined))).code, "missing_end_user");
    const mismatch = await sessionRequest(host, "POST", { userId: NGOZI.id, token: walletToken });
    assert.equal(mismatch.status, 403);
    assert.equal((await errorBody(mismatch)).code, "user_mismatch");
  });

  await t.test("clear, and the agent is refused again", async () => {
    assert.equal((await sessionRequest(host, "DELETE", { userId: ADA.id })).status, 200);
    assert.equal(
      (await errorBody(await asAgent(host, "/api/agent/wallet", ADA.id))).error,
      "No active session for this user",
    );
  });
});

test("the host app passes the wallet's 401 through when the stored JWT has expired", async (t) => {
  const sandbox = await startFullSandbox(t, { tokenTtl: "2s" });
  await sessionRequest(sandbox.urls.host!, "POST", { userId: ADA.id, token: await loginAt(sandbox.urls.wallet!) });
  sandbox.clock.advance(5000);
  const response = await asAgent(sandbox.urls.host!, "/api/agent/wallet", ADA.id);
  assert.equal(response.status, 401);
  assert.equal((await errorBody(response)).code, "token_expired");
  assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer/);
});

test("--wallet-url points the host app at another wallet; one that does not answer is a 502", async (t) => {
  const walletSandbox = await startFullSandbox(t, { only: "wallet" });
  const hostOnly = await startFullSandbox(t, { only: "host", walletUrl: walletSandbox.urls.wallet });
  const token = await loginAt(walletSandbox.urls.wallet!);
  await sessionRequest(hostOnly.urls.host!, "POST", { userId: ADA.id, token });
  assert.equal((await asAgent(hostOnly.urls.host!, "/api/agent/wallet?period=7d", ADA.id)).status, 200);

  const nowhere = await startFullSandbox(t, { only: "host", walletUrl: "http://127.0.0.1:9" });
  await sessionRequest(nowhere.urls.host!, "POST", { userId: ADA.id, token });
  const response = await asAgent(nowhere.urls.host!, "/api/agent/wallet", ADA.id);
  assert.equal(response.status, 502);
  const body = await errorBody(response);
  assert.equal(body.code, "upstream_unavailable");
  assert.match(body.error, /127\.0\.0\.1:9/);
});

test("a wallet that answers without a JSON object is a 502, never a 500", async (t) => {
  const { createServer } = await import("node:http");
  for (const body of ["<html>not json</html>", "[1,2]", '{"balance": 1'] as const) {
    const fake = createServer((_, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    closeWhenDone(t, "the fake wallet's close()", () => closeServer(fake));
    const host = await startFullSandbox(t, {
      only: "host",
      walletUrl: `http://127.0.0.1:${(fake.address() as { port: number }).port}`,
    });
    const walletSandbox = await startFullSandbox(t, { only: "wallet" });
    await sessionRequest(host.urls.host!, "POST", { userId: ADA.id, token: await loginAt(walletSandbox.urls.wallet!) });
    const response = await asAgent(host.urls.host!, "/api/agent/wallet", ADA.id);
    assert.equal(response.status, 502, body);
    assert.equal((await errorBody(response)).code, "upstream_unavailable");
  }
});

test("a wallet error passed through takes the one JSON type, whatever the wallet wrote", async (t) => {
  const { createServer } = await import("node:http");
  const fake = createServer((_, res) =>
    res
      .writeHead(401, { "content-type": "application/json" })
      .end(JSON.stringify({ error: AUTH_TEXTS.expired.text, code: "token_expired" })),
  );
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  t.after(() => new Promise((resolve) => fake.close(resolve)));
  const host = await startFullSandbox(t, {
    only: "host",
    walletUrl: `http://127.0.0.1:${(fake.address() as { port: number }).port}`,
  });
  const walletSandbox = await startFullSandbox(t, { only: "wallet" });
  await sessionRequest(host.urls.host!, "POST", { userId: ADA.id, token: await loginAt(walletSandbox.urls.wallet!) });
  const response = await asAgent(host.urls.host!, "/api/agent/wallet", ADA.id);
  assert.equal(response.status, 401);
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  assert.equal((await errorBody(response)).code, "token_expired");
});

test("a well-signed token for a user the service does not know is not registered", async (t) => {
  const { SignJWT } = await import("jose");
  const sandbox = await startFullSandbox(t);
  const stranger = "11111111-1111-4111-8111-111111111111";
  const now = Math.floor(Date.now() / 1000);
  for (const [url, secret, issuer] of [
    [sandbox.urls.storefront!, "dev-storefront-jwt-secret-not-for-production", "sandbox-storefront"],
    [sandbox.urls.host!, "dev-wallet-jwt-secret-not-for-production-use", "sandbox-wallet"],
  ] as const) {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(stranger)
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(secret));
    const response = await sessionRequest(url, "POST", { userId: stranger, token });
    assert.equal(response.status, 401);
    assert.equal((await errorBody(response)).code, "invalid_token");
  }
});
