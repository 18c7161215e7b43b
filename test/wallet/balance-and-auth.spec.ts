import assert from "node:assert/strict";
import { test } from "node:test";
import { SignJWT, UnsecuredJWT } from "jose";
import { startServers } from "../../src/runtime/sandbox.ts";
import { closeWhenDone } from "../helpers/deadline.ts";
import {
  ADA,
  DEV_SIGNING_SECRET,
  DEV_STOREFRONT_SECRET,
  DEV_WALLET_SECRET,
  errorBody,
  NGOZI,
  startTestSandbox,
  TUNDE,
  tempDir,
  testConfig,
} from "../helpers/sandbox.ts";
import { isIncome, TRANSACTIONS, WALLETS } from "../helpers/wallet-fixtures.ts";

const now = () => Math.floor(Date.now() / 1000);
const sign = (secret: string, claims: { sub?: string; iss?: string; exp?: number; iat?: number }) => {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuedAt(claims.iat);
  if (claims.sub) jwt.setSubject(claims.sub);
  if (claims.iss) jwt.setIssuer(claims.iss);
  if (claims.exp) jwt.setExpirationTime(claims.exp);
  return jwt.sign(new TextEncoder().encode(secret));
};

test("GET /api/wallet/balance = opening + Completed income − Completed spending", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  for (const user of [ADA, TUNDE, NGOZI]) {
    await t.test(user.email, async () => {
      const fixture = WALLETS.find((candidate) => candidate.userId === user.id)!;
      const completed = TRANSACTIONS.filter(
        (transaction) => transaction.userId === user.id && transaction.status === "Completed",
      );
      const cents = completed.reduce(
        (sum, transaction) => sum + (isIncome(transaction) ? transaction.amountCents : -transaction.amountCents),
        fixture.openingBalanceCents,
      );
      const response = await wallet.as(await wallet.login(user), "/api/wallet/balance");
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { balance: cents / 100, currency: fixture.currency });
    });
  }
  assert.ok(
    WALLETS.some((fixture) => fixture.currency !== "USD"),
    "one demo wallet is not in USD",
  );
});

test("wallet sign-in and tokens", async (t) => {
  const sandbox = await startServers(await testConfig(await tempDir(t), { only: "storefront,wallet" }));
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  const login = async (url: string, body: unknown) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const balance = (authorization?: string) =>
    fetch(`${sandbox.urls.wallet}/api/wallet/balance`, { headers: authorization ? { authorization } : {} });
  const products = (authorization: string) =>
    fetch(`${sandbox.urls.storefront}/api/products`, { headers: { authorization } });

  const walletLogin = await login(sandbox.urls.wallet!, { email: ADA.email, password: ADA.password });
  assert.equal(walletLogin.status, 200);
  const { token: walletToken, user } = (await walletLogin.json()) as { token: string; user: unknown };
  assert.deepEqual(user, { id: ADA.id, email: ADA.email, name: "Ada Okafor" });
  const storefrontToken = (
    (await (await login(sandbox.urls.storefront!, { email: ADA.email, password: ADA.password })).json()) as {
      token: string;
    }
  ).token;

  await t.test("the wallet JWT: HS256, sub, iss sandbox-wallet, 24 h", () => {
    const [header, payload] = walletToken
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    assert.equal(header.alg, "HS256");
    assert.equal(payload.sub, ADA.id);
    assert.equal(payload.iss, "sandbox-wallet");
    assert.equal(payload.exp - payload.iat, 86400);
  });

  await t.test("login tokens issued in the same second are distinct: each has its own jti", async () => {
    for (const url of [sandbox.urls.wallet!, sandbox.urls.storefront!]) {
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => login(url, { email: ADA.email, password: ADA.password })),
      );
      const tokens = await Promise.all(
        responses.map(async (response) => ((await response.json()) as { token: string }).token),
      );
      const jtis = tokens.map(
        (token) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).jti as string,
      );
      assert.equal(new Set(tokens).size, 4, url);
      assert.equal(new Set(jtis).size, 4);
      for (const jti of jtis) assert.match(jti, /^[0-9a-f-]{36}$/);
    }
  });

  await t.test("wrong credentials: 401 invalid_credentials", async () => {
    const response = await login(sandbox.urls.wallet!, { email: ADA.email, password: "wrong" });
    assert.equal(response.status, 401);
    assert.equal((await errorBody(response)).code, "invalid_credentials");
  });

  await t.test("the wallet token opens the wallet", async () =>
    assert.equal((await balance(`Bearer ${walletToken}`)).status, 200),
  );

  const refused: [string, () => Promise<string>, string][] = [
    ["no token", async () => "", "invalid_token"],
    ["a storefront token", async () => storefrontToken, "invalid_token"],
    ["an embed identity token", () => sign(DEV_SIGNING_SECRET, { sub: ADA.id, exp: now() + 600 }), "invalid_token"],
    [
      "a wallet-secret token with the storefront's issuer",
      () => sign(DEV_WALLET_SECRET, { sub: ADA.id, iss: "sandbox-storefront", exp: now() + 600 }),
      "invalid_token",
    ],
    [
      "a wrong secret",
      () =>
        sign("some-other-secret-that-is-long-enough-1234", { sub: ADA.id, iss: "sandbox-wallet", exp: now() + 600 }),
      "invalid_token",
    ],
    [
      "alg none",
      async () =>
        new UnsecuredJWT({})
          .setSubject(ADA.id)
          .setIssuer("sandbox-wallet")
          .setExpirationTime(now() + 600)
          .encode(),
      "invalid_token",
    ],
    [
      "a token issued an hour ahead",
      () => sign(DEV_WALLET_SECRET, { sub: ADA.id, iss: "sandbox-wallet", iat: now() + 3600, exp: now() + 7200 }),
      "invalid_token",
    ],
    [
      "an expired token",
      () => sign(DEV_WALLET_SECRET, { sub: ADA.id, iss: "sandbox-wallet", exp: now() - 5 }),
      "token_expired",
    ],
    [
      "a well-signed token of an unknown user",
      () =>
        sign(DEV_WALLET_SECRET, {
          sub: "11111111-2222-4333-8444-555555555555",
          iss: "sandbox-wallet",
          exp: now() + 600,
        }),
      "invalid_token",
    ],
  ];
  for (const [name, make, code] of refused) {
    await t.test(`wallet refuses ${name}: 401 ${code}`, async () => {
      const token = await make();
      const response = await balance(token ? `Bearer ${token}` : undefined);
      assert.equal(response.status, 401);
      assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer/);
      assert.equal((await errorBody(response)).code, code);
    });
  }

  await t.test("the storefront refuses wallet and embed identity tokens", async () => {
    assert.equal((await errorBody(await products(`Bearer ${walletToken}`))).code, "invalid_token");
    assert.equal(
      (await errorBody(await products(`Bearer ${await sign(DEV_SIGNING_SECRET, { sub: ADA.id, exp: now() + 600 })}`)))
        .code,
      "invalid_token",
    );
    assert.equal(
      (
        await errorBody(
          await products(
            `Bearer ${await sign(DEV_STOREFRONT_SECRET, { sub: ADA.id, iss: "sandbox-wallet", exp: now() + 600 })}`,
          ),
        )
      ).code,
      "invalid_token",
    );
  });
});

test("--wallet-prefix moves the wallet routes", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet", flags: { walletPrefix: "/v2/money" } });
  const token = await wallet.login();
  assert.equal((await wallet.as(token, "/v2/money/balance")).status, 200);
  assert.equal((await wallet.as(token, "/v2/money/transactions?period=7d")).status, 200);
  const old = await wallet.as(token, "/api/wallet/balance");
  assert.equal(old.status, 404);
  assert.equal((await errorBody(old)).code, "not_found");
});

test("the wallet data survives a restart and the seed is not loaded again", async (t) => {
  const dataDir = await tempDir(t);
  const first = await startTestSandbox(t, { service: "wallet", dataDir });
  const listing = async (sandbox: typeof first) =>
    (await (await sandbox.as(await sandbox.login(), "/api/wallet/transactions")).json()) as {
      transactions: { id: string; createdAt: string }[];
    };
  const before = await listing(first);
  await first.sandbox.close();
  const second = await startTestSandbox(t, { service: "wallet", dataDir });
  assert.deepEqual(await listing(second), before, "same transactions, same dates");
});
