import assert from "node:assert/strict";
import { test } from "node:test";
import { LIST_ORDERS } from "../../src/contracts/storefront/routes.ts";
import type { StartedSandbox } from "../../src/index.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { KEY, type RenderedTui, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

/** The status bar's health checks: one round to each server, every 3 s. */
const HEALTH_POLL_MS = 3000;

/**
 * New exchanges in the journal, above what is listed: the status bar's next round of health
 * checks (answered once the status bar has the health they gave), then a request of another
 * client (`marker`), shown once it is listed (the journal comes in order: the health checks are
 * listed by then too).
 */
async function newerArrive(ui: RenderedTui, sandbox: StartedSandbox, marker: string): Promise<void> {
  const { store } = ui.services;
  const { health } = store.state;
  let stop = () => {};
  const polled = new Promise<void>((resolve) => {
    stop = store.subscribe(() => store.state.health !== health && resolve());
  });
  ui.time.advance(HEALTH_POLL_MS);
  await withDeadline(polled, 5000, "the next round of health checks").finally(stop);
  await (await fetch(`${sandbox.urls.storefront}${marker}`)).text();
  await ui.waitFor(marker);
}

async function signInAsAda(ui: RenderedTui): Promise<void> {
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("wallet     ✓ signed in as Ada");
}

test("traffic: the UI's own exchanges, newest first, without a password or a token; one opened shows its masked headers and bodies", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAsAda(ui);
  const token = ui.services.store.state.logins.storefront!.token;
  await ui.services.client.call(LIST_ORDERS, { service: "storefront", path: "/api/orders", token });
  await ui.press("8");
  await ui.waitFor("Sandbox request journal");
  await ui.press("s");
  let frame = await ui.waitFor(`GET    200`);
  assert.match(frame, /^This UI's own requests$/m);
  assert.match(frame, new RegExp(`GET {4}200 +\\d+ +[\\d.]+ k?B +${sandbox.urls.storefront}/api/orders`));
  assert.match(frame, new RegExp(`POST {3}200 +\\d+ +[\\d.]+ k?B +${sandbox.urls.wallet}/api/auth/login`));
  assert.ok(frame.indexOf("/api/orders") < frame.indexOf("/api/auth/login"), "newest first");
  assert.doesNotMatch(frame, /ada-password|eyJ/);

  await ui.press(KEY.enter);
  frame = await ui.waitFor("Request headers");
  assert.match(frame, new RegExp(`GET ${sandbox.urls.storefront}/api/orders → 200 in \\d+ ms`));
  assert.match(frame, /"authorization": "Bearer \*\*\*"/);
  assert.ok(!frame.includes(token));
  await ui.press(KEY.escape);
  const list = (await ui.waitFor("time     method")).split("\n");
  // The cart's event stream, opened at sign-in, may be listed between the two.
  const header = list.findIndex((line) => line.startsWith("time     method"));
  const login = list.findIndex((line) => line.includes("/api/auth/login"));
  await ui.press(...Array(login - header - 1).fill(KEY.down), KEY.enter);
  frame = await ui.waitFor("/api/auth/login →");
  assert.match(frame, /"password": "\*\*\*"/);
  await ui.press(...Array(12).fill(KEY.down));
  frame = await ui.waitFor(/"token": "\*\*\*"/);
  assert.doesNotMatch(frame, /eyJ/);
});

test("traffic: the sandbox's journal shows a request another client made, live, with who made it; opened, its Authorization is masked", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("8");
  await ui.waitFor("Sandbox request journal: every client's requests");
  const login = (await (
    await fetch(`${sandbox.urls.storefront}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "tunde@example.com",
        password: sandbox.users.find((user) => user.email === "tunde@example.com")!.password,
      }),
    })
  ).json()) as { token: string; user: { id: string } };
  await (
    await fetch(`${sandbox.urls.storefront}/api/orders?from=another-client`, {
      headers: { authorization: `Bearer ${login.token}` },
    })
  ).text();
  let frame = await ui.waitFor("/api/orders?from=another-client");
  assert.match(
    frame,
    /storefront GET {4}\/api\/orders\?from=another-client +200 +\d+ tunde +no/,
    "a demo user shows by the start of their email",
  );
  assert.match(frame, /POST {3}\/api\/auth\/login/);
  assert.match(frame, /h shows the health checks \(\d+ hidden\)/);
  assert.doesNotMatch(frame, / \/health /);

  await ui.press(KEY.enter);
  frame = await ui.waitFor("Request headers");
  assert.match(
    frame,
    /GET \/api\/orders\?from=another-client → 200 in \d+ ms\nstorefront · user tunde@example.com · agent no\n/,
  );
  assert.match(frame, /"authorization": "Bearer \*\*\*"/);
  assert.ok(!frame.includes(login.token));
  await ui.press(KEY.escape, "s");
  await ui.waitFor("No requests yet: sign in");
  await ui.press("s");
  await ui.waitFor("/api/orders?from=another-client");
});

test("traffic: a sandbox without controls has no journal: the UI's own requests, and it says so", async (t) => {
  const sandbox = await startUiSandbox(t, { controls: false });
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAsAda(ui);
  await ui.press("8");
  const frame = await ui.waitFor("No journal:");
  assert.match(frame, /^This UI's own requests \(the servers have no journal\)$/m);
  assert.match(frame, /No journal: the servers have no journal \(a sandbox started with --no-controls/);
  assert.match(frame, new RegExp(`POST {3}200 .*${sandbox.urls.storefront}/api/auth/login`));
  await ui.press("s");
  assert.match(ui.frame(), /This UI's own requests \(the servers have no journal\)/, "s has no journal to switch to");
});

test("traffic: servers that are down: no journal, and the UI's failed requests listed with why", async (t) => {
  const sandbox = await startUiSandbox(t);
  const down = { storefront: "http://127.0.0.1:9", wallet: "http://127.0.0.1:9" };
  const ui = renderTui(t, uiSettings({ ...sandbox, urls: down }));
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("wallet     ✗");
  await ui.press("8");
  const frame = await ui.waitFor("No journal: no server answers (is the sandbox running?)");
  assert.match(frame, /POST {3}ERR .*http:\/\/127\.0\.0\.1:9\/api\/auth\/login {2}\(no answer: connection/);
});

test("traffic: with the health checks shown, the cursor stays on its exchange as new ones arrive at the top", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("8");
  await ui.waitFor("Sandbox request journal: every client's requests");
  await ui.press("h");
  await ui.waitFor("h hides the health checks");
  for (const n of [1, 2, 3]) await (await fetch(`${sandbox.urls.storefront}/api/products?n=${n}`)).text();
  const list = (await ui.waitFor("/api/products?n=3")).split("\n");
  const header = list.findIndex((line) => line.startsWith("time"));
  const second = list.findIndex((line) => line.includes("/api/products?n=2"));
  await ui.press(...Array<string>(second - header - 1).fill(KEY.down));
  // The status bar's health checks and another request arrive above it.
  await newerArrive(ui, sandbox, "/api/products?n=4");
  await ui.press(KEY.enter);
  await ui.waitFor(/GET \/api\/products\?n=2 →/);

  // The top row too: selected, it stays selected as newer ones come above it.
  await ui.press(KEY.escape);
  await ui.waitFor("h hides the health checks");
  let top = 0;
  for (let n = 5; top === 0; n++) {
    await (await fetch(`${sandbox.urls.storefront}/api/products?n=${n}`)).text();
    await ui.waitFor(`/api/products?n=${n}`);
    await ui.press(KEY.pageUp);
    const rows = ui.frame().split("\n");
    if (rows[rows.findIndex((line) => line.startsWith("time")) + 1]!.includes(`?n=${n} `)) top = n;
  }
  await newerArrive(ui, sandbox, `/api/products?n=${top + 1}`);
  await ui.press(KEY.enter);
  await ui.waitFor(`GET /api/products?n=${top} →`);
});
