import assert from "node:assert/strict";
import { test } from "node:test";
import { startSandbox } from "../../src/index.ts";
import { KEY, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

/** The status bar's health checks, and the look at the data dir's lock while a server is down: every 3 s each. */
const POLL_MS = 3000;

test("opened on a data dir, the UI follows its sandbox restarted on other ports: health, sign-in and the cart stream use the new URLs", {
  timeout: 60_000,
}, async (t) => {
  const before = await startSandbox({ settings: { sseHeartbeat: "200ms" } });
  let stopped = false;
  const stopBefore = async () => {
    if (!stopped) await before.close();
    stopped = true;
  };
  t.after(stopBefore);
  const after = await startUiSandbox(t);
  // What the data dir's lock says: the first sandbox, then (once it stopped) the second.
  let running = before.urls;
  const settings = uiSettings(before, { findSandbox: async () => running, dataDir: before.dataDir });
  const ui = renderTui(t, settings);
  await ui.waitFor("● storefront  ● wallet  ● host app");
  await ui.press("0");
  await ui.waitFor(`storefront  ${before.urls.storefront}`);
  await stopBefore();
  ui.time.advance(POLL_MS);
  await ui.waitFor("✗ storefront");
  running = after.urls;
  // The next look finds the sandbox elsewhere; the health checks after it find it up.
  ui.time.advance(POLL_MS);
  await ui.waitFor(() => ui.services.client.urls.storefront === after.urls.storefront);
  ui.time.advance(POLL_MS);
  await ui.waitFor("● storefront  ● wallet  ● host app");
  assert.equal(settings.embedBase, `${after.urls.host}/embed`);
  // The Sandbox screen names the servers the UI talks to now.
  await ui.waitFor(`storefront  ${after.urls.storefront}`);
  await ui.press("1", KEY.enter);
  await ui.waitFor("storefront ✓ signed in as Ada");
  await ui.press("3");
  await ui.waitFor("● open");
});
