import assert from "node:assert/strict";
import { test } from "node:test";
import { formatBanner } from "../../src/runtime/banner.ts";
import { startFullSandbox } from "../helpers/agent.ts";
import { KEY, renderTui, scrollToEnd, startUiSandbox, uiSettings, words } from "../helpers/tui.tsx";

test("sandbox screen: started by start --ui, the UI opens on the start banner; at 80×24 it scrolls, and every line of it is there", async (t) => {
  const sandbox = await startFullSandbox(t);
  const banner = formatBanner(sandbox);
  // What start --ui hands the UI: the banner start would print, and the sandbox's own secrets.
  const ui = renderTui(
    t,
    uiSettings({ urls: sandbox.urls, users: sandbox.users, secrets: sandbox.config }, { banner }),
  );
  await ui.waitFor("Sandbox running (data: ");
  await ui.resize(80, 24);
  const frame = await ui.waitFor(/lines 1–\d+ of \d+/);
  assert.match(
    frame,
    /^ 0Sandbox 1Sign in 2Catalog 3Cart 4Sessions 5Identity 6Agent 7Wallet 8Traffic$/m,
    "nine tabs in 80 columns",
  );
  assert.match(frame, /↑↓ PgUp PgDn scroll/);
  assert.ok(
    frame.split("\n").every((line) => line.length <= 80),
    `nothing wider than the terminal:\n${frame}`,
  );
  const seen = (await scrollToEnd(ui)).map(words);
  for (const line of banner.split("\n").filter((text) => text.trim() !== ""))
    assert.ok(
      seen.some((frame) => frame.includes(words(line))),
      `the banner's line is shown whole: ${line}`,
    );
  assert.ok(seen.some((frame) => frame.includes("BFF service token: dev-bff-service-token-not-for-production-use")));
  assert.ok(
    seen.some((frame) =>
      frame.includes("Ada Okafor ada@example.com ada-sandbox-pass 0b6f3a5e-6c1d-4f47-9a2b-3c4d5e6f7a81"),
    ),
  );

  // The other screens are a key away; 0 comes back to it as it was left, Home goes back to the top.
  await ui.press("1");
  await ui.waitFor("Demo users");
  await ui.press("0");
  await ui.waitFor("Terminal UI: npx sandbox ui");
  await ui.press(KEY.home);
  await ui.waitFor("Sandbox running (data: ");
});

test("sandbox screen: joined to a running sandbox (sandbox ui), it shows the URLs and where start printed the rest; the UI opens on sign-in", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox, { dataDir: sandbox.dataDir }));
  await ui.waitFor("Demo users");
  await ui.press("0");
  const frame = words(await ui.waitFor(`Sandbox joined (data: ${sandbox.dataDir})`));
  for (const [label, url] of [
    ["storefront", sandbox.urls.storefront],
    ["wallet", sandbox.urls.wallet],
    ["host app", sandbox.urls.host],
  ])
    assert.ok(frame.includes(`${label} ${url}`), `${label} ${url}`);
  assert.ok(
    frame.includes(
      "This UI joined a sandbox that was already running, so it has no start banner to show: the demo users' passwords, the BFF service token, the OAuth client and the chat embed preview are in what npx sandbox start printed in its own terminal",
    ),
    frame,
  );
  assert.ok(frame.includes(`npx sandbox logs --data-dir ${sandbox.dataDir}`), frame);

  // On explicit URLs there is no sandbox the UI knows of: just those URLs.
  const given = renderTui(t, uiSettings(sandbox, { urls: { storefront: sandbox.urls.storefront } }));
  await given.waitFor("Demo users");
  await given.press("0");
  const shown = words(await given.waitFor("Servers given on the command line"));
  assert.ok(shown.includes(`storefront ${sandbox.urls.storefront}`), shown);
  assert.ok(shown.includes("it started no sandbox, so it has no start banner to show."), shown);
  assert.doesNotMatch(shown, /wallet http/);
});
