import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { chromium } from "playwright-core";
import { closeServer, closeWhenDone } from "../helpers/deadline.ts";
import { basic, openAuthorize, type SignInPage, tokenRequest } from "../helpers/oauth.ts";
import { ADA, startTestSandbox, TUNDE } from "../helpers/sandbox.ts";

const CHROMIUM = "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

test("a real browser signs in on the authorize page and lands on the client's loopback redirect URI; a page on another port cannot sign it in", {
  timeout: 60_000,
}, async (t) => {
  if (!existsSync(CHROMIUM)) {
    t.skip(`${CHROMIUM} not found: install Debian's chromium package (apt-get install chromium) to run this test`);
    return;
  }
  const wallet = await startTestSandbox(t, { service: "wallet" });

  // The client app: a loopback server that receives the redirect.
  let arrived: (url: URL) => void = () => {};
  const received = new Promise<URL>((resolve) => (arrived = resolve));
  // It also serves, on /attack, what a hostile page on another localhost port could serve.
  let attackPage = "";
  const app = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/attack") return void res.writeHead(200, { "content-type": "text/html" }).end(attackPage);
    arrived(url);
    res
      .writeHead(200, { "content-type": "text/html" })
      .end("<!doctype html><title>Signed in</title><p>Back in the app.</p>");
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  closeWhenDone(t, "the client app's close()", () => closeServer(app));
  const redirectUri = `http://127.0.0.1:${(app.address() as { port: number }).port}/callback`;

  const registration = await fetch(`${wallet.url}/__sandbox/oauth/clients`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Browser Test App", redirectUris: [redirectUri] }),
  });
  assert.equal(registration.status, 201);
  const client = (await registration.json()) as { id: string; secret: string };

  const profile = await mkdtemp(join(tmpdir(), "sandbox-chromium-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  });
  closeWhenDone(t, "chromium's close()", () => browser.close());
  // After the close (hooks run in the order they are added): chromium may still be writing its profile until then.
  t.after(() => rm(profile, { recursive: true, force: true, maxRetries: 5 }));
  const page = browser.pages()[0] ?? (await browser.newPage());
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(wallet.url).origin && !request.url().startsWith(redirectUri))
      outside.push(request.url());
  });

  const state = "browser state / with spaces & symbols";
  const authorizeUrl = `${wallet.url}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: client.id, redirect_uri: redirectUri, state, scope: "wallet:read" })}`;
  await page.goto(authorizeUrl);
  assert.match(await page.title(), /Sign in to the wallet/);
  assert.ok(await page.getByText("Browser Test App").isVisible(), "the page names the client");

  await page.getByLabel("Email").fill(ADA.email);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in and allow" }).click();
  assert.match(await page.getByRole("alert").innerText(), /Wrong email or password/);

  await page.getByLabel("Password").fill(ADA.password);
  await page.getByRole("button", { name: "Sign in and allow" }).click();
  const callback = await received;
  await page.waitForURL((url) => url.toString().startsWith(redirectUri));
  assert.equal(await page.title(), "Signed in");
  assert.equal(callback.searchParams.get("state"), state);
  assert.deepEqual(outside, [], "the sign-in page loads nothing from other origins");

  const tokens = await tokenRequest(
    wallet.url,
    { grant_type: "authorization_code", code: callback.searchParams.get("code")!, redirect_uri: redirectUri },
    { authorization: basic(client.id, client.secret) },
  );
  assert.equal(tokens.status, 200);
  const { access_token } = (await tokens.json()) as { access_token: string };
  const balance = await wallet.as(access_token, "/api/wallet/balance");
  assert.equal(balance.status, 200);

  // Login CSRF: the attacker asks for the page of a request it can predict (no state, no PKCE),
  // plants the token as a cookie too (on a longer path, which the browser sends before the
  // wallet's own), and makes the victim's browser post the attacker's credentials.
  const minted = (await openAuthorize(wallet.url, {
    response_type: "code",
    client_id: client.id,
    redirect_uri: redirectUri,
  })) as SignInPage;
  const fields = new URLSearchParams(minted.fields);
  fields.set("email", TUNDE.email);
  fields.set("password", TUNDE.password);
  const inputs = [...fields]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  attackPage = `<!doctype html><title>Win a prize</title><form method="post" action="${wallet.url}/oauth/authorize">${inputs}</form>
<script>document.cookie = "sandbox_oauth_csrf=${fields.get("csrf_token")}; path=/oauth/authorize"; document.forms[0].submit();</script>`;
  const posted = page.waitForResponse(
    (response) => response.url() === `${wallet.url}/oauth/authorize` && response.request().method() === "POST",
  );
  await page.goto(new URL("/attack", redirectUri).href);
  assert.equal((await posted).status(), 403, "the victim is not signed in to the attacker's account");
  assert.match(await page.getByRole("alert").innerText(), /start the sign-in again/);
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
