import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { test } from "node:test";
import { authorize, basic, CLIENT, tokenRequest } from "../helpers/oauth.ts";
import { startTestSandbox, type TestSandbox } from "../helpers/sandbox.ts";

const VERIFIER = randomBytes(32).toString("base64url");
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");
const AUTH = { authorization: basic(CLIENT.id, CLIENT.secret) };

async function code(wallet: TestSandbox, pkce = true): Promise<string> {
  const params: Record<string, string> = {
    response_type: "code",
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUri,
    state: "s",
  };
  if (pkce) Object.assign(params, { code_challenge: CHALLENGE, code_challenge_method: "S256" });
  return (await authorize(wallet.url, params)).searchParams.get("code")!;
}

async function expectError(response: Response, status: number, error: string): Promise<void> {
  assert.equal(response.status, status);
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.equal(response.headers.get("pragma"), "no-cache");
  const body = (await response.json()) as { error: string; error_description: string };
  assert.equal(body.error, error, body.error_description);
  assert.equal(typeof body.error_description, "string");
}

test("POST /oauth/token", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const exchange = (form: Record<string, string>, headers: Record<string, string> = AUTH) =>
    tokenRequest(wallet.url, { grant_type: "authorization_code", redirect_uri: CLIENT.redirectUri, ...form }, headers);

  await t.test("success: a bearer wallet JWT, no-store", async () => {
    const response = await exchange({ code: await code(wallet), code_verifier: VERIFIER });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("pragma"), "no-cache");
    const body = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ["access_token", "expires_in", "refresh_token", "scope", "token_type"]);
    assert.equal(body.token_type, "Bearer");
    assert.equal(body.expires_in, 86400);
  });

  await t.test("access tokens issued in the same second are distinct", async () => {
    const codes = await Promise.all([code(wallet), code(wallet), code(wallet)]);
    const responses = await Promise.all(codes.map((once) => exchange({ code: once, code_verifier: VERIFIER })));
    const tokens = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { access_token: string }).access_token),
    );
    assert.equal(new Set(tokens).size, 3);
  });

  await t.test("Basic credentials are form-decoded", async () => {
    const encodedId = CLIENT.id.replaceAll("-", "%2D");
    const response = await exchange(
      { code: await code(wallet), code_verifier: VERIFIER },
      { authorization: basic(encodedId, CLIENT.secret) },
    );
    assert.equal(response.status, 200);
  });

  await t.test("a code used twice is dead the second time", async () => {
    const once = await code(wallet);
    const first = (await (await exchange({ code: once, code_verifier: VERIFIER })).json()) as { refresh_token: string };
    await expectError(await exchange({ code: once, code_verifier: VERIFIER }), 400, "invalid_grant");
    const refresh = await tokenRequest(
      wallet.url,
      { grant_type: "refresh_token", refresh_token: first.refresh_token },
      AUTH,
    );
    await expectError(refresh, 400, "invalid_grant");
  });

  await t.test("a wrong verifier kills the code", async () => {
    const once = await code(wallet);
    await expectError(
      await exchange({ code: once, code_verifier: randomBytes(32).toString("base64url") }),
      400,
      "invalid_grant",
    );
    const again = await exchange({ code: once, code_verifier: VERIFIER });
    await expectError(again.clone(), 400, "invalid_grant");
    assert.equal(
      ((await again.json()) as { error_description: string }).error_description,
      "The code was already used",
      "no refresh token was issued, so none is said to be revoked",
    );
  });

  await t.test("20 parallel redemptions of one code give exactly one token", async () => {
    const once = await code(wallet);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => exchange({ code: once, code_verifier: VERIFIER })),
    );
    assert.deepEqual(responses.map((response) => response.status).sort(), [200, ...Array(19).fill(400)]);
  });

  const grantErrors: [string, (wallet: TestSandbox) => Promise<Record<string, string>>, string][] = [
    ["missing verifier when a challenge was sent", async (w) => ({ code: await code(w) }), "invalid_grant"],
    [
      "a verifier without a challenge",
      async (w) => ({ code: await code(w, false), code_verifier: VERIFIER }),
      "invalid_grant",
    ],
    [
      "another redirect_uri",
      async (w) => ({
        code: await code(w),
        code_verifier: VERIFIER,
        redirect_uri: "http://127.0.0.1:3000/oauth/callback",
      }),
      "invalid_grant",
    ],
    [
      "no redirect_uri although the request had one",
      async (w) => ({ code: await code(w), code_verifier: VERIFIER, redirect_uri: "" }),
      "invalid_grant",
    ],
    ["an unknown code", async () => ({ code: "made-up", code_verifier: VERIFIER }), "invalid_grant"],
    ["no code", async () => ({ code_verifier: VERIFIER }), "invalid_request"],
  ];
  for (const [name, form, error] of grantErrors) {
    await t.test(`${name}: ${error}`, async () => {
      const body = await form(wallet);
      if (body.redirect_uri === "") {
        delete body.redirect_uri;
        await expectError(
          await tokenRequest(wallet.url, { grant_type: "authorization_code", ...body }, AUTH),
          400,
          error,
        );
      } else {
        await expectError(await exchange(body), 400, error);
      }
    });
  }

  await t.test("a code lives 10 minutes", async () => {
    const once = await code(wallet);
    wallet.sandbox.clock.advance(10 * 60_000 + 1000);
    t.after(() => wallet.sandbox.clock.reset());
    await expectError(await exchange({ code: once, code_verifier: VERIFIER }), 400, "invalid_grant");
    wallet.sandbox.clock.reset();
  });

  const requestErrors: [string, () => Promise<Response>, number, string][] = [
    [
      "a JSON body",
      () =>
        fetch(`${wallet.url}/oauth/token`, {
          method: "POST",
          headers: { "content-type": "application/json", ...AUTH },
          body: JSON.stringify({ grant_type: "authorization_code" }),
        }),
      400,
      "invalid_request",
    ],
    [
      "a repeated parameter",
      () =>
        fetch(`${wallet.url}/oauth/token`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...AUTH },
          body: "grant_type=authorization_code&code=a&code=b",
        }),
      400,
      "invalid_request",
    ],
    [
      "Basic and client_secret together",
      () =>
        tokenRequest(
          wallet.url,
          { grant_type: "authorization_code", code: "x", client_id: CLIENT.id, client_secret: CLIENT.secret },
          AUTH,
        ),
      400,
      "invalid_request",
    ],
    ["no grant_type", () => tokenRequest(wallet.url, { code: "x" }, AUTH), 400, "invalid_request"],
    [
      "grant_type password",
      () => tokenRequest(wallet.url, { grant_type: "password", username: "a", password: "b" }, AUTH),
      400,
      "unsupported_grant_type",
    ],
    [
      "grant_type client_credentials",
      () => tokenRequest(wallet.url, { grant_type: "client_credentials" }, AUTH),
      400,
      "unsupported_grant_type",
    ],
    [
      "a refresh without refresh_token",
      () => tokenRequest(wallet.url, { grant_type: "refresh_token" }, AUTH),
      400,
      "invalid_request",
    ],
    [
      "an unknown refresh token",
      () => tokenRequest(wallet.url, { grant_type: "refresh_token", refresh_token: "nope" }, AUTH),
      400,
      "invalid_grant",
    ],
  ];
  for (const [name, send, status, error] of requestErrors) {
    await t.test(`${name}: ${status} ${error}`, async () => expectError(await send(), status, error));
  }

  await t.test("GET: 405 with Allow, in RFC 6749's shape", async () => {
    const response = await fetch(`${wallet.url}/oauth/token`);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    await expectError(response, 405, "invalid_request");
  });

  const clientErrors: [string, Record<string, string>, Record<string, string>][] = [
    ["a wrong Basic secret", {}, { authorization: basic(CLIENT.id, "wrong") }],
    ["an unknown Basic client", {}, { authorization: basic("nobody", CLIENT.secret) }],
    ["a wrong body secret", { client_id: CLIENT.id, client_secret: "wrong" }, {}],
    ["no client authentication", {}, {}],
    ["a client_id without a secret", { client_id: CLIENT.id }, {}],
  ];
  for (const [name, form, headers] of clientErrors) {
    await t.test(`${name}: 401 invalid_client with WWW-Authenticate`, async () => {
      const response = await tokenRequest(
        wallet.url,
        { grant_type: "authorization_code", code: "x", ...form },
        headers,
      );
      assert.match(response.headers.get("www-authenticate") ?? "", /^Basic realm=/);
      await expectError(response, 401, "invalid_client");
    });
  }
});

test("GET /.well-known/oauth-authorization-server", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  for (const base of [wallet.url, wallet.url.replace("127.0.0.1", "localhost")]) {
    const metadata = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    assert.deepEqual(metadata, {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      scopes_supported: ["wallet:read"],
    });
  }
});

test("a refresh refused for its scope leaves the refresh token working", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const first = (await (
    await tokenRequest(
      wallet.url,
      {
        grant_type: "authorization_code",
        code: await code(wallet),
        code_verifier: VERIFIER,
        redirect_uri: CLIENT.redirectUri,
      },
      AUTH,
    )
  ).json()) as { refresh_token: string };
  await expectError(
    await tokenRequest(
      wallet.url,
      { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "admin" },
      AUTH,
    ),
    400,
    "invalid_scope",
  );
  const refreshed = await tokenRequest(
    wallet.url,
    { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "wallet:read" },
    AUTH,
  );
  assert.equal(refreshed.status, 200);
});
