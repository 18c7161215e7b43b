import assert from "node:assert/strict";
import { test } from "node:test";
import { KEY, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

test("sign in: a demo user picked from the list is signed in to the storefront and the wallet; the status bar says who", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.waitFor("● storefront");
  await ui.press(KEY.down, KEY.enter);
  const frame = await ui.waitFor("wallet     ✓ signed in as Tunde Bakare");
  assert.match(frame, /storefront ✓ signed in as Tunde Bakare \(tunde@example.com\)/);
  assert.match(frame, /user: tunde@example.com/);
  assert.equal(ui.services.store.state.logins.storefront?.user.email, "tunde@example.com");
});

test("sign in: a wrong password is said in place, for each service, and in the status bar; the keys work again after Esc", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("e");
  await ui.waitFor("Typing in a field");
  await ui.type("ada@example.com");
  await ui.press(KEY.enter);
  await ui.type("not-her-password");
  await ui.press(KEY.enter);
  const frame = await ui.waitFor("wallet     ✗");
  assert.match(frame, /storefront ✗ .*401 invalid_credentials/);
  assert.match(frame, /Last error: storefront: .*invalid_credentials/);
  assert.doesNotMatch(frame, /not-her-password/, "the password is never drawn");
});

test("sign in: a server that is down is an error in place, not a crash", async (t) => {
  const sandbox = await startUiSandbox(t);
  const down = { storefront: "http://127.0.0.1:9", wallet: sandbox.urls.wallet! };
  const ui = renderTui(t, uiSettings({ ...sandbox, urls: down }));
  await ui.waitFor("✗ storefront");
  await ui.press(KEY.enter);
  const frame = await ui.waitFor("wallet     ✓ signed in as Ada");
  assert.match(frame, /storefront ✗ The storefront does not answer at http:\/\/127\.0\.0\.1:9: is the sandbox running\?/);
});
