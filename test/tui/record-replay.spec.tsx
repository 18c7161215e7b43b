import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { signInAsApp } from "../../src/agent/as-app.ts";
import type { StartedSandbox } from "../../src/index.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { KEY, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

const settingsFor = (sandbox: StartedSandbox) => uiSettings(sandbox);

test("a session done by hand in the terminal UI, recorded with journal --scenario, replays green with sandbox run", async (t) => {
  const sandbox = await startUiSandbox(t);
  // Ada's app has registered the agent's sessions (as the sessions screen or the app does).
  await signInAsApp(sandbox.urls, sandbox.users[0]!);
  await sandbox.controls.clearJournal();

  const ui = renderTui(t, settingsFor(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter); // sign in as Ada, on the storefront and the wallet
  await ui.waitFor("wallet     ✓ signed in as Ada");
  await ui.press("6"); // the agent screen
  await ui.waitFor("acting for Ada Okafor");
  for (const [question, answered] of [
    ["What's my balance?", "= Your balance is"],
    ["add 2 bags of garri to my cart", "= Added 2 × Ijebu Garri"],
    ["show my orders", "= Your orders:"],
  ] as const) {
    await ui.press("a");
    await ui.waitFor("Esc leaves the field");
    await ui.type(question);
    await ui.press(KEY.enter);
    await ui.waitFor(answered);
  }

  const recorded = await runInProcess(["journal", "--scenario", "--data-dir", sandbox.dataDir]);
  assert.equal(recorded.code, 0, recorded.stderr);
  assert.match(recorded.stdout, /agent: ada@example\.com/);
  assert.match(recorded.stdout, /path: \/api\/agent\/cart\/items/);
  assert.doesNotMatch(recorded.stdout, /eyJ[\w-]+\./, "no token is in it");
  const file = join(sandbox.dataDir, "tui-session.yaml");
  await writeFile(file, recorded.stdout);

  const replay = await runInProcess(["run", file], {}, 60_000);
  assert.equal(replay.code, 0, replay.stdout + replay.stderr);
  assert.match(replay.stdout, /^1 passed, 0 failed$/m);
});
