import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeJwt, SignJWT } from "jose";
import { CONTENT_SECURITY_POLICY } from "../../src/host-app/embed/page.ts";
import { registerSteps } from "../../src/host-app/embed/register-steps.ts";
import { bodyData, identityFor, openEmbed, pageIdentity, startEmbedSandbox } from "../helpers/embed.ts";
import { ADA, errorBody, NGOZI } from "../helpers/sandbox.ts";

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-src 'self'; frame-ancestors 'self'";

function assertPageHeaders(response: Response): void {
  assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
  assert.equal(response.headers.get("content-security-policy"), CSP);
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  assert.equal(response.headers.get("referrer-policy"), "no-referrer");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.equal(response.headers.get("access-control-allow-origin"), null, "no CORS on a page");
}

test("GET /embed: the identity check decides the page's state and status", async (t) => {
  const sandbox = await startEmbedSandbox(t);
  const { host } = sandbox;
  assert.equal(CONTENT_SECURITY_POLICY, CSP);

  await t.test("a valid identity: verified, for that user, with the token for the script", async () => {
    const identity = await identityFor(sandbox, ADA.id);
    const response = await openEmbed(host, { mode: "drawer", endUser: ADA.id, identity, session: "preview-1" });
    assert.equal(response.status, 200);
    assertPageHeaders(response);
    const html = await response.text();
    assert.deepEqual(bodyData(html), {
      state: "verified",
      mode: "drawer",
      "end-user": ADA.id,
      "user-name": "Ada Okafor",
      session: "preview-1",
      "reason-code": "",
      "register-command": `npx sandbox embed-url --user ada@example.com --mode drawer --register --data-dir ${sandbox.dataDir}`,
      "ui-command": `npx sandbox ui --data-dir ${sandbox.dataDir}`,
    });
    assert.equal(pageIdentity(html), identity);
  });

  await t.test("no identity: an anonymous chat", async () => {
    for (const identity of [undefined, ""]) {
      const response = await openEmbed(host, { mode: "launcher", endUser: ADA.id, identity });
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.equal(bodyData(html).state, "anonymous");
      assert.equal(bodyData(html).mode, "launcher");
      assert.equal(pageIdentity(html), "");
      assert.match(html, /Sign in/);
    }
  });

  const refusals: { name: string; identity: () => Promise<string>; endUser?: string; code: string; says: RegExp }[] = [
    {
      name: "expired (signed an hour ago)",
      identity: () => identityFor(sandbox, ADA.id, { now: new Date(Date.now() - 3_600_000) }),
      code: "expired",
      says: /expired at .* ago/,
    },
    {
      name: "wrong signature",
      identity: () => identityFor(sandbox, ADA.id, { secret: "another-secret-of-at-least-thirty-two-bytes" }),
      code: "bad_signature",
      says: /bad signature/,
    },
    {
      name: "sub ≠ endUser (a token for Ngozi, the URL names Ada)",
      identity: () => identityFor(sandbox, NGOZI.id),
      code: "user_mismatch",
      says: /sub ≠ endUser/,
    },
    { name: "malformed", identity: async () => "not-a-jwt", code: "malformed", says: /malformed/ },
    {
      name: "a lifetime of ten years (signed by another host backend)",
      identity: () =>
        new SignJWT({ sub: ADA.id })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuedAt()
          .setExpirationTime("3650d")
          .sign(new TextEncoder().encode(sandbox.secrets.signingSecret)),
      code: "lifetime_too_long",
      says: /lifetime too long: exp is 3650d after iat, more than the 1d an identity token may live/,
    },
    {
      name: "no endUser beside the token",
      identity: () => identityFor(sandbox, ADA.id),
      endUser: "",
      code: "missing_end_user",
      says: /missing endUser/,
    },
  ];
  for (const refusal of refusals) {
    await t.test(`refused: ${refusal.name} → 401, why in words, no token in the page`, async () => {
      const identity = await refusal.identity();
      const response = await openEmbed(host, { mode: "drawer", endUser: refusal.endUser ?? ADA.id, identity });
      assert.equal(response.status, 401);
      assertPageHeaders(response);
      const html = await response.text();
      const data = bodyData(html);
      assert.equal(data.state, "refused");
      assert.equal(data["reason-code"], refusal.code);
      assert.equal(data["user-name"], "");
      assert.match(html, refusal.says);
      assert.equal(pageIdentity(html), "");
      assert.ok(!html.includes(identity), "the refused token is not echoed");
    });
  }

  await t.test("expired by the sandbox clock: valid now, refused once the clock moves past exp", async () => {
    const identity = await identityFor(sandbox, ADA.id, { ttlSeconds: 60 });
    assert.equal((await openEmbed(host, { mode: "drawer", endUser: ADA.id, identity })).status, 200);
    await sandbox.controls.advanceClock("2m");
    try {
      const response = await openEmbed(host, { mode: "drawer", endUser: ADA.id, identity });
      assert.equal(response.status, 401);
      assert.equal(bodyData(await response.text())["reason-code"], "expired");
    } finally {
      await sandbox.controls.resetClock();
    }
  });

  await t.test("a missing or unknown mode: 400, listing drawer and launcher", async () => {
    for (const mode of [undefined, "sidebar", "DRAWER", ""]) {
      const response = await openEmbed(host, { mode, endUser: ADA.id, identity: await identityFor(sandbox, ADA.id) });
      assert.equal(response.status, 400, `mode ${mode}`);
      assertPageHeaders(response);
      const html = await response.text();
      assert.equal(bodyData(html).state, "bad-mode");
      assert.match(html, /mode=drawer.*mode=launcher/);
      assert.equal(pageIdentity(html), "");
    }
  });

  await t.test("user text is escaped", async () => {
    const html = await (
      await openEmbed(host, { mode: "drawer", endUser: `"><script>alert(1)</script>`, session: "<b>x</b>" })
    ).text();
    assert.ok(!html.includes("<script>alert"), "no markup from the URL");
    assert.equal(bodyData(html)["end-user"], "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    const refused = await (await openEmbed(host, { mode: `<i>x</i>` })).text();
    assert.ok(!refused.includes("<i>x</i>"));
  });

  await t.test("assets: the four files with their types and nosniff; any other name 404", async () => {
    for (const [file, type] of [
      ["embed.js", "text/javascript"],
      ["embed.css", "text/css"],
      ["host.js", "text/javascript"],
      ["host.css", "text/css"],
    ] as const) {
      const response = await fetch(`${host}/embed/assets/${file}`);
      assert.equal(response.status, 200, file);
      assert.equal(response.headers.get("content-type"), `${type}; charset=utf-8`);
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      await response.arrayBuffer();
    }
    for (const file of ["embed.html", "nope.js", "..%2fapp.ts"]) {
      const response = await fetch(`${host}/embed/assets/${file}`);
      assert.equal(response.status, 404, file);
      assert.equal((await errorBody(response)).code, "not_found");
    }
    // h3 itself refuses an encoded dot segment before any route.
    assert.equal((await fetch(`${host}/embed/assets/%2e%2e`)).status, 400);
  });

  await t.test("GET /: the demo host page for a browser, the JSON index for everyone else", async () => {
    const browser = await fetch(`${host}/`, {
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    assert.equal(browser.status, 200);
    assertPageHeaders(browser);
    const page = await browser.text();
    for (const user of sandbox.users)
      assert.ok(page.includes(`<option value="${user.id}"`), `an option for ${user.name}`);
    const src = /<iframe[^>]*src="([^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
    assert.ok(src, "an iframe with the embed URL");
    const url = new URL(src);
    assert.equal(url.origin + url.pathname, `${host}/embed`);
    assert.equal(url.searchParams.get("mode"), "drawer");
    assert.match(url.searchParams.get("session") ?? "", /^preview-/);
    const embed = await fetch(src);
    assert.equal(bodyData(await embed.text()).state, "verified", "its identity verifies");

    for (const accept of [
      undefined,
      "*/*",
      "application/json",
      "application/json, text/html",
      "text/html;q=0.5, application/json",
    ]) {
      const response = await fetch(`${host}/`, { headers: accept ? { accept } : {} });
      assert.match(response.headers.get("content-type") ?? "", /^application\/json/, `Accept: ${accept}`);
      const index = (await response.json()) as { service: string; routes: { path: string }[] };
      assert.equal(index.service, "host");
      if (accept === undefined)
        for (const path of ["/embed", "/embed/api/ask", "/embed/api/sessions", "/embed/api/identity"])
          assert.ok(
            index.routes.some((route) => route.path === path),
            `the index lists ${path}`,
          );
    }
  });
});

test("identityMaxLifetime: the embed refuses a token that lives longer, and the demo host page signs no longer", async (t) => {
  const sandbox = await startEmbedSandbox(t, { identityMaxLifetime: "5m" });
  const hour = await identityFor(sandbox, ADA.id, { ttlSeconds: 3600 });
  const refused = await openEmbed(sandbox.host, { mode: "drawer", endUser: ADA.id, identity: hour });
  assert.equal(refused.status, 401);
  const html = await refused.text();
  assert.equal(bodyData(html)["reason-code"], "lifetime_too_long");
  assert.match(html, /exp is 1h after iat, more than the 5m an identity token may live/);

  const fresh = await fetch(`${sandbox.host}/embed/api/identity`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: ADA.id }),
  });
  const { identity, urls } = (await fresh.json()) as { identity: string; urls: { drawer: string } };
  const claims = decodeJwt(identity);
  assert.equal(claims.exp! - claims.iat!, 300, "the 10-minute default, cut to the limit");
  assert.equal(bodyData(await (await fetch(urls.drawer)).text()).state, "verified");
});

test("the register steps a chat without a session offers: a data dir the shell would split is quoted", () => {
  const ada = { ...ADA, name: "Ada Okafor" };
  assert.deepEqual(registerSteps(ada, "launcher", "/home/ada/my project/data"), {
    registerCommand:
      "npx sandbox embed-url --user ada@example.com --mode launcher --register --data-dir '/home/ada/my project/data'",
    uiCommand: "npx sandbox ui --data-dir '/home/ada/my project/data'",
  });
  assert.equal(registerSteps(ada, "drawer", "/tmp/it's").uiCommand, "npx sandbox ui --data-dir '/tmp/it'\\''s'");
});
