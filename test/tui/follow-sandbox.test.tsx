import assert from "node:assert/strict";
import { test } from "node:test";
import { startSandbox } from "../../src/index.ts";
import { KEY, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

test("opened on a data dir, the UI follows its sandbox restarted on other ports: health, sign-in and the cart stream use the new URLs", {
  timeout: 60_000,
}, async (t) => {
  const before = await startSandbox({ settings: { sseHeartbeat: "200ms" } });
  const after = await startUiSandbox(t);
  // What the data dir's lock says: the first sandbox, then (once it stopped) the second.
  let running = before.urls;
  const settings = uiSettings(before, { findSandbox: async () => running });
  const ui = renderTui(t, settings);
  await ui.waitFor("● storefront  ● wallet  ● host app");
  await before.close();
  await ui.waitFor("✗ storefront", 8000);
  running = after.urls;
  await ui.waitFor("● storefront  ● wallet  ● host app", 10_000);
  assert.equal(ui.services.client.urls.storefront, after.urls.storefront);
  assert.equal(settings.embedBase, `${after.urls.host}/embed`);
  await ui.press(KEY.enter);
  await ui.waitFor("storefront ✓ signed in as Ada");
  await ui.press("3");
  await ui.waitFor("● open");
});
