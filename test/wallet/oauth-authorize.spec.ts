import assert from "node:assert/strict";
import { test } from "node:test";
import { CLIENT, openAuthorize, type SignInPage, submitSignIn, unescapeHtml } from "../helpers/oauth.ts";
import { ADA, startTestSandbox } from "../helpers/sandbox.ts";

const VALID = {
  response_type: "code",
  client_id: CLIENT.id,
  redirect_uri: CLIENT.redirectUri,
  state: "st-1",
  scope: "wallet:read",
};
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
    assert.match(page.fields.get("csrf_token") ?? "", /^\d+\.[\w-]{43}$/, "an anti-CSRF token: issue time and MAC");
    assert.equal(page.headers.get("set-cookie"), null, "no cookie: the token alone is checked");
  });

  await t.test("scope defaults to wallet:read; redirect_uri may be left out when the client has one", async () => {
    const page = (await openAuthorize(wallet.url, {
      response_type: "code",
      client_id: CLIENT.id,
      redirect_uri: CLIENT.redirectUri,
    })) as SignInPage;
    assert.equal(page.fields.get("scope"), "wallet:read");
  });

  const pages: [string, Record<string, string>, RegExp][] = [
    ["unknown client", { ...VALID, client_id: "nobody" }, /No OAuth client "nobody"/],
    ["no client", { response_type: "code", redirect_uri: CLIENT.redirectUri }, /client_id/],
    ["unregistered redirect URI", { ...VALID, redirect_uri: "http://localhost:3000/evil" }, /not registered/],
    [
      "redirect URI differing only in a trailing slash",
      { ...VALID, redirect_uri: `${CLIENT.redirectUri}/` },
      /not registered/,
    ],
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
    const response = await fetch(`${wallet.url}/oauth/authorize?${new URLSearchParams(VALID)}&scope=wallet:read`, {
      redirect: "manual",
    });
    assert.equal(response.status, 302);
    assert.equal(new URL(response.headers.get("location")!).searchParams.get("error"), "invalid_request");
  });

  await t.test(
    "state: at most 2048 characters, counted as the document's maxLength counts them (code points)",
    async () => {
      // 3048 UTF-16 units; short enough a URL (13 kB) for the server's header limit.
      const longest = `${"😀".repeat(1000)}${"a".repeat(1048)}`;
      const page = (await openAuthorize(wallet.url, { ...VALID, state: longest })) as SignInPage;
      assert.equal(page.status, 200);
      const response = (await openAuthorize(wallet.url, { ...VALID, state: `${longest}a` })) as Response;
      assert.equal(response.status, 302);
      const location = new URL(response.headers.get("location")!);
      assert.equal(location.searchParams.get("error_description"), "state is longer than 2048 characters");
      assert.equal(location.searchParams.get("state"), null, "a state too long is not sent back");
    },
  );
});

test("POST /oauth/authorize (the sign-in form)", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const odd = "a b+c&d=e/é?😀%20";
  const open = async (state = odd) =>
    (await openAuthorize(wallet.url, {
      ...VALID,
      state,
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
    })) as SignInPage;

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
    for (let index = 0; index < 5; index++)
      codes.add(
        new URL((await submitSignIn(wallet.url, await open())).headers.get("location")!).searchParams.get("code")!,
      );
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

  const refused = async (response: Response) => {
    assert.equal(response.status, 403);
    assert.equal(response.headers.get("location"), null);
    assert.match(await response.text(), /start the sign-in again/);
  };

  await t.test("wrong credentials show the page with a fresh token that works", async () => {
    const again = await submitSignIn(wallet.url, await open(), { ...ADA, password: "wrong" });
    const token = /name="csrf_token" value="([^"]+)"/.exec(await again.text())?.[1];
    assert.ok(token);
    const page = await open();
    assert.equal((await submitSignIn(wallet.url, page, ADA, { csrf_token: unescapeHtml(token) })).status, 302);
  });

  await t.test("a token is good only for the authorization request it was issued for", async () => {
    const page = await open("state-a");
    const otherRequests: Record<string, string | null>[] = [
      { state: "state-b" },
      { state: null },
      { redirect_uri: "http://127.0.0.1:3000/oauth/callback" },
      { code_challenge: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk" },
      { code_challenge: null, code_challenge_method: null },
    ];
    for (const overrides of otherRequests) await refused(await submitSignIn(wallet.url, page, ADA, overrides));
    assert.equal((await submitSignIn(wallet.url, page, ADA)).status, 302, "and still good for its own");
  });

  await t.test("a forged, planted or altered token is refused", async () => {
    const page = await open();
    const [issuedAt, mac] = page.fields.get("csrf_token")!.split(".") as [string, string];
    const planted = { cookie: "sandbox_oauth_csrf=planted" };
    await refused(await submitSignIn(wallet.url, page, ADA, { csrf_token: "planted" }, planted));
    await refused(await submitSignIn(wallet.url, page, ADA, { csrf_token: "forged" }));
    await refused(await submitSignIn(wallet.url, page, ADA, { csrf_token: null }));
    await refused(await submitSignIn(wallet.url, page, ADA, { csrf_token: `${Number(issuedAt) + 600_000}.${mac}` }));
    await refused(
      await submitSignIn(wallet.url, page, ADA, {
        csrf_token: `${issuedAt}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      }),
    );
  });

  await t.test("a form is good for 15 minutes of the sandbox clock", async () => {
    const page = await open();
    t.after(() => wallet.sandbox.clock.reset());
    wallet.sandbox.clock.advance(14 * 60_000);
    assert.equal((await submitSignIn(wallet.url, page, ADA)).status, 302);
    wallet.sandbox.clock.advance(60_000 + 1000);
    await refused(await submitSignIn(wallet.url, page, ADA));
  });

  await t.test("a post a browser marks as coming from another origin is refused", async () => {
    const page = await open();
    // What a page on another localhost port gets: same site, not same origin.
    await refused(await submitSignIn(wallet.url, page, ADA, {}, { "sec-fetch-site": "same-site" }));
    await refused(await submitSignIn(wallet.url, page, ADA, {}, { "sec-fetch-site": "cross-site" }));
    assert.equal((await submitSignIn(wallet.url, page, ADA, {}, { "sec-fetch-site": "same-origin" })).status, 302);
  });

  await t.test("without Sec-Fetch-Site, a post from a page of another origin is refused by its Origin", async () => {
    const page = await open();
    const port = Number(new URL(wallet.url).port);
    for (const origin of ["http://localhost:3000", `http://127.0.0.1:${port + 1}`, `http://attacker.example:${port}`])
      await refused(await submitSignIn(wallet.url, page, ADA, {}, { origin }));
    // The wallet's own page: its origin, or "null", which browsers send for a page whose Referrer-Policy is no-referrer.
    for (const origin of [new URL(wallet.url).origin, "null"])
      assert.equal((await submitSignIn(wallet.url, page, ADA, {}, { origin })).status, 302, origin);
  });

  await t.test("a tampered form is checked like the original request", async () => {
    const response = await submitSignIn(wallet.url, await open(), ADA, { redirect_uri: "http://localhost:3000/evil" });
    assert.equal(response.status, 400);
    assert.equal(response.headers.get("location"), null);
  });
});

test("a sign-in form shown before a restart is refused after it", async (t) => {
  const first = await startTestSandbox(t, { service: "wallet" });
  const page = (await openAuthorize(first.url, VALID)) as SignInPage;
  await first.sandbox.close();
  const second = await startTestSandbox(t, { service: "wallet", dataDir: first.dataDir });
  const response = await submitSignIn(second.url, page);
  assert.equal(response.status, 403);
  assert.equal(response.headers.get("location"), null);
  assert.equal((await submitSignIn(second.url, (await openAuthorize(second.url, VALID)) as SignInPage)).status, 302);
});
