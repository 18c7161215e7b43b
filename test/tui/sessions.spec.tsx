import assert from "node:assert/strict";
import { test } from "node:test";
import { KEY, type RenderedTui, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

const NO_SESSION = "No active session for this user";

/** Signs in as the first demo user and opens the Agent sessions screen. */
async function signInAndOpen(ui: RenderedTui): Promise<void> {
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("user: ada@example.com");
  await ui.press("4");
  await ui.waitFor("Agent sessions of Ada Okafor");
}

test("agent sessions: not signed in, the screen says to sign in first", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("4");
  const frame = await ui.waitFor("Sign in first (key 1)");
  assert.match(frame, /sessions: \?\/\?/);
});

test("agent sessions: register makes the agent's BFF calls work (status bar on); clear brings back the no-session error", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAndOpen(ui);
  // On arrival the screen only tries the agent calls: no session yet on either.
  let frame = await ui.waitFor(/GET \/api\/agent\/wallet +✗/);
  assert.match(frame, new RegExp(`GET /api/agent/orders +✗ ${NO_SESSION} \\(401 no_active_session\\)`));
  assert.match(frame, /sessions: off\/off/);

  await ui.press("r");
  frame = await ui.waitFor(/GET \/api\/agent\/wallet +✓ balance/);
  await ui.waitFor(/GET \/api\/agent\/orders +✓ 4 orders/);
  frame = await ui.waitFor("sessions: on/on");
  assert.match(frame, /POST \/api\/agent\/session +✓ registered \(the token expires 20/);
  assert.doesNotMatch(frame, new RegExp(NO_SESSION));

  await ui.press("h");
  frame = await ui.waitFor("sessions: on/off");
  assert.match(frame, /DELETE \/api\/agent\/session +✓ cleared/);
  assert.match(frame, new RegExp(`GET /api/agent/wallet +✗ ${NO_SESSION}`));
  assert.match(frame, /GET \/api\/agent\/orders +✓ 4 orders/, "the storefront's session is untouched");

  await ui.press("x");
  frame = await ui.waitFor("sessions: off/off");
  await ui.waitFor(new RegExp(`GET /api/agent/orders +✗ ${NO_SESSION}`));
  // Another client registered the session meanwhile: t only asks again.
  const login = ui.services.store.state.logins.storefront!;
  await fetch(`${sandbox.urls.storefront}/api/agent/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: login.user.id, token: login.token }),
  });
  await ui.press("t");
  frame = await ui.waitFor("sessions: on/off");
  assert.match(frame, /GET \/api\/agent\/orders +✓ 4 orders/);
});

test("agent sessions: the host app down is said in place, and the storefront side still works", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings({ ...sandbox, urls: { ...sandbox.urls, host: "http://127.0.0.1:9" } }));
  await signInAndOpen(ui);
  await ui.press("r");
  const frame = await ui.waitFor(
    /POST \/api\/agent\/session +✗ The host app does not answer at http:\/\/127\.0\.0\.1:9/,
  );
  await ui.waitFor(/GET \/api\/agent\/orders +✓ 4 orders/);
  assert.match(ui.frame(), /sessions: on\/\?/);
  assert.match(frame, /Last error: (host app|storefront): /);
});

test("agent sessions: a 503 on the agent route is shown as the server's answer", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAndOpen(ui);
  await ui.waitFor(/GET \/api\/agent\/wallet +✗/);
  await sandbox.controls.addFault({ service: "storefront", route: "GET /api/agent/orders", status: 503 });
  await ui.press("r");
  await ui.waitFor(/GET \/api\/agent\/orders +✗ Injected fault/);
  // Registered, though the agent route failed.
  const frame = await ui.waitFor("sessions: on/on");
  assert.match(frame, /POST \/api\/agent\/session +✓ registered \(the token expires 20/);
  assert.match(frame, /Last error: storefront: Injected fault .* answers 503/);
});

test("agent sessions: an expired login token is refused on register (401), and the UI stays usable", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAndOpen(ui);
  await ui.waitFor(/GET \/api\/agent\/wallet +✗/);
  await sandbox.controls.advanceClock("25h");
  await ui.press("r");
  const frame = await ui.waitFor(
    /POST \/api\/agent\/session +✗ .*\(401 token_expired\)[\s\S]*POST \/api\/agent\/session +✗ .*\(401 token_expired\)/,
  );
  assert.match(frame, new RegExp(`GET /api/agent/orders +✗ ${NO_SESSION}`));
  await ui.press("1");
  await ui.waitFor("Demo users");
});

test("agent sessions: on explicit URLs without a wallet, the host side says the UI has no wallet URL", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(
    t,
    uiSettings({ ...sandbox, urls: { storefront: sandbox.urls.storefront, host: sandbox.urls.host } }),
  );
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("storefront ✓ signed in as Ada");
  await ui.press("4");
  const frame = await ui.waitFor("No wallet login: this UI was given no wallet URL (--wallet-url)");
  assert.doesNotMatch(frame, /Not signed in to the wallet/);
});
