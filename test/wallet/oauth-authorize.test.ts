import assert from "node:assert/strict";
import { test } from "node:test";
import { ADA, startTestSandbox } from "../helpers/sandbox.ts";
import { CLIENT, openAuthorize, submitSignIn, unescapeHtml, type SignInPage } from "../helpers/oauth.ts";

const VALID = { response_type: "code", client_id: CLIENT.id, redirect_uri: CLIENT.redirectUri, state: "st-1", scope: "wallet:read" };
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

test("GET /oauth/authorize", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });

  await t.test("a valid request shows an accessible sign-in page that loads nothing and cannot be framed", async () => {
    const page = (await openAuthorize(wallet.url, VALID)) as SignInPage;
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
    assert.equal(page.headers.get("x-frame-options"), "DENY");
    assert.equal(page.headers.get("referrer-policy"), "no-referrer");
    const csp = page.headers.get("content-security-policy") ?? "";
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(page.html, /<html lang="en">/);
    assert.match(page.html, /Sandbox Agent Platform/, "names the client");
    assert.match(page.html, /see your wallet balance and transactions/, "says what is asked for");
    assert.match(page.html, /<label for="email">/);
    assert.match(page.html, /<label for="password">/);
    assert.match(page.html, /<form method="post" action="\/oauth\/authorize">/);
    assert.doesNotMatch(page.html, /<script|src=|href=/i, "no script and nothing loaded");
    assert.match(page.headers.get("set-cookie") ?? "", /HttpOnly; SameSite=Strict/);
    assert.equal(page.fields.get("csrf_token"), page.cookie.split("=")[1]);
  });

  await t.test("scope defaults to wallet:read; redirect_uri may be left out when the client has one", async () => {
    const page = (await openAuthorize(wallet.url, { response_type: "code", client_id: CLIENT.id, redirect_uri: CLIENT.redirectUri })) as SignInPage;
    assert.equal(page.fields.get("scope"), "wallet:read");
  });

  const pages: [string, Record<string, string>, RegExp][] = [
    ["unknown client", { ...VALID, client_id: "nobody" }, /No OAuth client "nobody"/],
    ["no client", { response_type: "code", redirect_uri: CLIENT.redirectUri }, /client_id/],
    ["unregistered redirect URI", { ...VALID, redirect_uri: "http://localhost:3000/evil" }, /not registered/],
    ["redirect URI differing only in a trailing slash", { ...VALID, redirect_uri: `${CLIENT.redirectUri}/` }, /not registered/],
    ["redirect URI differing in case", { ...VALID, redirect_uri: CLIENT.redirectUri.toUpperCase() }, /not registered/],
    ["several registered, none named", { response_type: "code", client_id: CLIENT.id }, /several redirect URIs/],
  ];
  for (const [name, params, message] of pages) {
    await t.test(`${name}: an error page, never a redirect`, async () => {
      const response = (await openAuthorize(wallet.url, params)) as Response;
      assert.equal(response.status, 400);
      assert.equal(response.headers.get("location"), null);
      assert.match(unescapeHtml(await response.text()), message);
    });
  }

  const redirects: [string, Record<string, string>, string][] = [
    ["no response_type", { ...VALID, response_type: "" }, "invalid_request"],
    ["response_type token", { ...VALID, response_type: "token" }, "unsupported_response_type"],
    ["unknown scope", { ...VALID, scope: "wallet:write" }, "invalid_scope"],
    ["plain PKCE", { ...VALID, code_challenge: CHALLENGE, code_challenge_method: "plain" }, "invalid_request"],
    ["challenge without a method", { ...VALID, code_challenge: CHALLENGE }, "invalid_request"],
    ["method without a challenge", { ...VALID, code_challenge_method: "S256" }, "invalid_request"],
    ["malformed challenge", { ...VALID, code_challenge: "short", code_challenge_method: "S256" }, "invalid_request"],
  ];
  for (const [name, params, error] of redirects) {
    await t.test(`${name}: redirect with error=${error} and the state`, async () => {
      const response = (await openAuthorize(wallet.url, params)) as Response;
      assert.equal(response.status, 302);
      const location = new URL(response.headers.get("location")!);
      assert.equal(`${location.origin}${location.pathname}`, CLIENT.redirectUri);
      assert.equal(location.searchParams.get("error"), error);
      assert.ok(location.searchParams.get("error_description"));
      assert.equal(location.searchParams.get("state"), "st-1");
    });
  }

  await t.test("a repeated parameter is invalid_request", async () => {
    const response = await fetch(`${wallet.url}/oauth/authorize?${new URLSearchParams(VALID)}&scope=wallet:read`, { redirect: "manual" });
    assert.equal(response.status, 302);
    assert.equal(new URL(response.headers.get("location")!).searchParams.get("error"), "invalid_request");
  });
});

test("POST /oauth/authorize (the sign-in form)", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const odd = "a b+c&d=e/é?😀%20";
  const open = async (state = odd) => (await openAuthorize(wallet.url, { ...VALID, state, code_challenge: CHALLENGE, code_challenge_method: "S256" })) as SignInPage;

  await t.test("good credentials: 302 to the redirect URI with a code and the state byte for byte", async () => {
    const response = await submitSignIn(wallet.url, await open());
    assert.equal(response.status, 302);
    const location = new URL(response.headers.get("location")!);
    assert.equal(`${location.origin}${location.pathname}`, CLIENT.redirectUri);
    assert.match(location.searchParams.get("code") ?? "", /^[\w-]{43}$/);
    assert.equal(location.searchParams.get("state"), odd);
    assert.equal(response.headers.get("referrer-policy"), "no-referrer");
  });

  await t.test("codes are random", async () => {
    const codes = new Set<string>();
    for (let index = 0; index < 5; index++) codes.add(new URL((await submitSignIn(wallet.url, await open())).headers.get("location")!).searchParams.get("code")!);
    assert.equal(codes.size, 5);
  });

  await t.test("bad credentials: the page again with an error, no redirect", async () => {
    const response = await submitSignIn(wallet.url, await open(), { ...ADA, password: "wrong" });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("location"), null);
    const html = await response.text();
    assert.match(html, /role="alert"[^>]*>Wrong email or password/);
    assert.match(html, /value="ada@example.com"/, "the email is kept");
  });

  await t.test("a missing or foreign anti-CSRF token is refused", async () => {
    const page = await open();
    for (const [overrides, cookie] of [[{ csrf_token: "forged" }, page.cookie], [{}, ""], [{}, "sandbox_oauth_csrf=other"]] as const) {
      const response = await submitSignIn(wallet.url, page, ADA, overrides, cookie);
      assert.equal(response.status, 403);
      assert.equal(response.headers.get("location"), null);
    }
  });

  await t.test("a tampered form is checked like the original request", async () => {
    const response = await submitSignIn(wallet.url, await open(), ADA, { redirect_uri: "http://localhost:3000/evil" });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get("location"), null);
  });
});
