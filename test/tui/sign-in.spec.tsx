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
  const bar = frame
    .split("\n")
    .find((line) => line.startsWith("● storefront"))!
    .trimEnd();
  assert.ok(bar.length < 80, `the status bar fits 80 columns: ${bar}`);
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
  // Another screen: the status bar's last error gives way to the keys again.
  await ui.press(KEY.escape, "2");
  assert.match(await ui.waitFor("0–8 screens · ? help · q quit"), /^(?!.*Last error)/s);
});

test("sign in: a wrong password while signed in says who is still signed in", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("wallet     ✓ signed in as Ada");
  await ui.press("e");
  await ui.waitFor("Typing in a field");
  await ui.type("tunde@example.com");
  await ui.press(KEY.enter);
  await ui.type("wrong");
  await ui.press(KEY.enter);
  const frame = await ui.waitFor("wallet     ✗");
  assert.match(frame, /storefront ✗ .*invalid_credentials\)\n +still signed in as Ada Okafor \(ada@example\.com\)/);
  assert.match(frame, /wallet +✗ .*invalid_credentials\)\n +still signed in as Ada Okafor \(ada@example\.com\)/);
});

test("sign in: a server that is down is an error in place, not a crash", async (t) => {
  const sandbox = await startUiSandbox(t);
  const down = { storefront: "http://127.0.0.1:9", wallet: sandbox.urls.wallet! };
  const ui = renderTui(t, uiSettings({ ...sandbox, urls: down }));
  await ui.waitFor("✗ storefront");
  await ui.press(KEY.enter);
  // The two sign-ins run side by side: whichever ends last, the frame shows both.
  const frame = await ui.waitFor(
    (shown) => shown.includes("wallet     ✓ signed in as Ada") && shown.includes("storefront ✗ The storefront"),
  );
  assert.match(
    frame,
    /storefront ✗ The storefront does not answer at http:\/\/127\.0\.0\.1:9: is the sandbox running\?/,
  );
});
