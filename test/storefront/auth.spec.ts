import assert from "node:assert/strict";
import { test } from "node:test";
import { SignJWT, UnsecuredJWT } from "jose";
import { ADA, DEV_STOREFRONT_SECRET, errorBody, startTestSandbox } from "../helpers/sandbox.ts";

const key = (secret: string) => new TextEncoder().encode(secret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

function token(claims: { sub?: string; iss?: string; exp?: number; iat?: number }, secret = DEV_STOREFRONT_SECRET) {
  const jwt = new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuedAt(claims.iat);
  if (claims.sub) jwt.setSubject(claims.sub);
  if (claims.iss) jwt.setIssuer(claims.iss);
  if (claims.exp) jwt.setExpirationTime(claims.exp);
  return jwt.sign(key(secret));
}

test("login", async (t) => {
  const sandbox = await startTestSandbox(t);
  const login = (body: unknown, contentType = "application/json") =>
    sandbox.fetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": contentType },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  await t.test("good credentials answer a token whose sub is the user id, and the user", async () => {
    const response = await login({ email: "ADA@example.com", password: ADA.password });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { token: string; user: unknown };
    assert.deepEqual(body.user, { id: ADA.id, email: ADA.email, name: "Ada Okafor" });
    const [header, payload] = body.token
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    assert.equal(header.alg, "HS256");
    assert.equal(payload.sub, ADA.id);
    assert.equal(payload.iss, "sandbox-storefront");
    assert.equal(payload.exp - payload.iat, 24 * 3600);
  });

  const cases = [
    { name: "wrong password", body: { email: ADA.email, password: "nope" }, status: 401, code: "invalid_credentials" },
    {
      name: "unknown email",
      body: { email: "who@example.com", password: ADA.password },
      status: 401,
      code: "invalid_credentials",
    },
    {
      name: "another user's password",
      body: { email: ADA.email, password: "tunde-sandbox-pass" },
      status: 401,
      code: "invalid_credentials",
    },
    { name: "missing password", body: { email: ADA.email }, status: 400, code: "validation_error", field: "password" },
    {
      name: "numeric email",
      body: { email: 42, password: "x" },
      status: 400,
      code: "validation_error",
      field: "email",
    },
    { name: "malformed JSON", body: '{"email":', status: 400, code: "validation_error" },
    { name: "a JSON array", body: "[]", status: 400, code: "validation_error" },
    {
      name: "form body",
      body: "email=a&password=b",
      contentType: "application/x-www-form-urlencoded",
      status: 415,
      code: "unsupported_media_type",
    },
    { name: "text body", body: "{}", contentType: "text/plain", status: 415, code: "unsupported_media_type" },
  ];
  for (const c of cases) {
    await t.test(c.name, async () => {
      const response = await login(c.body, c.contentType);
      assert.equal(response.status, c.status);
      const body = await errorBody(response);
      assert.equal(body.code, c.code);
      if (c.field) assert.match(body.error, new RegExp(`"${c.field}"`));
    });
  }

  await t.test("a body over 1 MiB is 413", async () => {
    const response = await login({ email: ADA.email, password: "x".repeat(1024 * 1024) });
    assert.equal(response.status, 413);
    assert.equal((await errorBody(response)).code, "payload_too_large");
  });

  await t.test("__proto__ and constructor keys never reach a prototype", async () => {
    const response = await login(
      `{"email":"${ADA.email}","password":"${ADA.password}","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`,
    );
    assert.equal(response.status, 200);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

test("bearer tokens on protected routes", async (t) => {
  const sandbox = await startTestSandbox(t);
  const good = await sandbox.login();
  const products = (authorization?: string) =>
    sandbox.fetch("/api/products", { headers: authorization ? { authorization } : {} });

  await t.test("the login token opens the route, whatever the case of the scheme", async () => {
    assert.equal((await products(`Bearer ${good}`)).status, 200);
    assert.equal((await products(`bearer ${good}`)).status, 200);
  });

  await t.test("a token issued up to 60 s ahead of the server's clock is accepted", async () => {
    assert.equal(
      (
        await products(
          `Bearer ${await token({ sub: ADA.id, iss: "sandbox-storefront", iat: nowSeconds() + 30, exp: nowSeconds() + 600 })}`,
        )
      ).status,
      200,
    );
  });

  const cases = [
    { name: "no header", header: undefined, code: "invalid_token" },
    { name: "not a bearer", header: `Basic ${Buffer.from("a:b").toString("base64")}`, code: "invalid_token" },
    { name: "garbage", header: "Bearer not.a.jwt", code: "invalid_token" },
    {
      name: "wrong secret",
      header: `Bearer ${await token({ sub: ADA.id, iss: "sandbox-storefront", exp: nowSeconds() + 60 }, "another-secret-that-is-at-least-32-bytes")}`,
      code: "invalid_token",
    },
    {
      name: "alg none",
      header: `Bearer ${new UnsecuredJWT({})
        .setSubject(ADA.id)
        .setIssuer("sandbox-storefront")
        .setExpirationTime(nowSeconds() + 60)
        .encode()}`,
      code: "invalid_token",
    },
    {
      name: "wrong issuer (a wallet token)",
      header: `Bearer ${await token({ sub: ADA.id, iss: "sandbox-wallet", exp: nowSeconds() + 60 })}`,
      code: "invalid_token",
    },
    {
      name: "no exp",
      header: `Bearer ${await token({ sub: ADA.id, iss: "sandbox-storefront" })}`,
      code: "invalid_token",
    },
    {
      name: "no sub",
      header: `Bearer ${await token({ iss: "sandbox-storefront", exp: nowSeconds() + 60 })}`,
      code: "invalid_token",
    },
    {
      name: "issued more than 60 s in the future",
      header: `Bearer ${await token({ sub: ADA.id, iss: "sandbox-storefront", iat: nowSeconds() + 3600, exp: nowSeconds() + 7200 })}`,
      code: "invalid_token",
    },
    {
      name: "expired",
      header: `Bearer ${await token({ sub: ADA.id, iss: "sandbox-storefront", exp: nowSeconds() - 10 })}`,
      code: "token_expired",
    },
    { name: "tampered payload", header: `Bearer ${tamper(good)}`, code: "invalid_token" },
    {
      name: "well signed, for a user the service does not know",
      header: `Bearer ${await token({ sub: "11111111-2222-4333-8444-555555555555", iss: "sandbox-storefront", exp: nowSeconds() + 60 })}`,
      code: "invalid_token",
    },
  ];
  for (const c of cases) {
    await t.test(`${c.name}: 401 ${c.code} with WWW-Authenticate`, async () => {
      const response = await products(c.header);
      assert.equal(response.status, 401);
      assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer /);
      assert.equal((await errorBody(response)).code, c.code);
    });
  }
});

function tamper(jwt: string): string {
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  claims.sub = "5d2e8c14-9b7a-4e3f-8c61-2a9d4b7e0f53";
  return [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
}
