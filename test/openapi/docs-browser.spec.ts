import assert from "node:assert/strict";
import { test } from "node:test";
import { startSandbox } from "agent-commerce-sandbox";
import { chromiumOrSkip, launchChromium, watchProblems } from "../helpers/browser.ts";
import { ADA } from "../helpers/sandbox.ts";

/**
 * Scalar's bundled zod probes once whether it may compile validators (`new Function("")`, in a
 * try); the CSP refuses, and zod validates without compiling. The one violation the page is allowed.
 */
const EVAL_PROBE = /^CSP violation: script-src blocked eval in /;

/** Per server: an operation to open (its tag's slug, method and path) and the groups the sidebar must list. */
const SERVERS = [
  {
    service: "storefront",
    tag: "catalog",
    path: "/api/products",
    groups: ["Sign-in", "Catalog", "Cart", "Orders", "Agent"],
  },
  { service: "wallet", tag: "wallet", path: "/api/wallet/balance", groups: ["Sign-in", "OAuth", "Wallet"] },
  { service: "host", tag: "agent", path: "/api/agent/wallet", groups: ["Agent", "Chat embed preview"] },
] as const;

test("GET /docs of the built package in a real browser: each server's reference, offline; the storefront's sign-in and Try it", {
  timeout: 90_000,
}, async (t) => {
  if (!chromiumOrSkip(t)) return;
  // The package's build (which `npm test` makes first): its copy of the reference's script is what users get.
  const sandbox = await startSandbox();
  t.after(() => sandbox.close());
  const browser = await launchChromium(t);
  const problems = await watchProblems(browser);
  // The sandbox runs offline: a request to any other host fails the test (and never leaves).
  const ownHosts = new Set(Object.values(sandbox.urls).map((url) => new URL(url).host));
  const elsewhere: string[] = [];
  await browser.route("**/*", (route) => {
    const url = route.request().url();
    if (ownHosts.has(new URL(url).host)) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);

  for (const { service, tag, path, groups } of SERVERS) {
    await t.test(
      `${service}: the reference lists its routes; no console error, no CSP violation, no other host`,
      async () => {
        const url = sandbox.urls[service]!;
        const before = problems.length;
        await page.goto(`${url}/docs#tag/${tag}/GET${path}`, { waitUntil: "load" });
        await page.getByRole("button", { name: `Test Request (get ${path})` }).waitFor();
        for (const group of groups)
          await page
            .getByRole("button", { name: new RegExp(`^${group}\\b`) })
            .first()
            .waitFor();
        assert.deepEqual(
          problems.slice(before).filter((problem) => !EVAL_PROBE.test(problem.text)),
          [],
        );
        assert.deepEqual(elsewhere, []);
      },
    );
  }

  await t.test("storefront: Sign in as the demo user shows a token that works, and Try it sends it", async () => {
    const url = sandbox.urls.storefront!;
    await page.goto(`${url}/docs#tag/catalog/GET/api/products`, { waitUntil: "load" });
    await page.getByRole("button", { name: "Test Request (get /api/products)" }).waitFor();
    // From the keyboard, as a keyboard user signs in: the reference scrolls to the operation the
    // address names some time after the page loaded (later on a busy machine), so a pointer click
    // aimed at the button can land on whatever that scroll brought under it.
    await page.getByRole("button", { name: `Sign in as ${ADA.email}` }).press("Enter");
    // Waits for the sign-in to end either way, so that a failure shows the page's own words.
    const status = page.locator("#sign-in-status");
    // (A locator, not a function: the page's CSP refuses the eval that waitForFunction needs.)
    await status
      .filter({ hasText: /^(Signed in|Sign-in failed)/ })
      .waitFor({ timeout: 30_000 })
      .catch(async (error: Error) => {
        // What the page showed instead, so that a failure says more than a timeout.
        const shown = await status.textContent();
        const disabled = await page.getByRole("button", { name: `Sign in as ${ADA.email}` }).isDisabled();
        throw new Error(
          `${error.message}\nstatus: ${JSON.stringify(shown)}, button disabled: ${disabled}, problems: ${JSON.stringify(problems)}`,
        );
      });
    assert.equal(await status.textContent(), "Signed in: Try it sends this token.");
    const token = await page.getByLabel("Bearer token", { exact: true }).inputValue();
    assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    const products = await fetch(`${url}/api/products`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(products.status, 200);
    await products.body?.cancel();

    await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
    await page.getByRole("button", { name: "Copy token", exact: true }).click();
    await page.getByText("Token copied.").waitFor();
    assert.equal(await page.evaluate<string>("navigator.clipboard.readText()"), token);

    await page.getByRole("button", { name: "Test Request (get /api/products)" }).click();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/products");
    await page.getByRole("button", { name: /^Send get request to / }).click();
    const sent = await answer;
    assert.equal(sent.status(), 200);
    assert.equal(await sent.request().headerValue("authorization"), `Bearer ${token}`);
    assert.deepEqual(
      problems.filter((problem) => !EVAL_PROBE.test(problem.text)),
      [],
    );
    assert.deepEqual(elsewhere, []);
  });
});
