import assert from "node:assert/strict";
import { test } from "node:test";
import { runningSandbox } from "../../src/store/data-dir.ts";
import { PROJECT_ROOT, startArgs, tempDir } from "../helpers/cli.ts";
import { screenMatches, tmux, tmuxMissing } from "../helpers/tmux.ts";

test("start --ui in a real terminal: the UI on the servers it started; q quits, stops them cleanly and gives the terminal back", {
  timeout: 60_000,
}, async (t) => {
  if (tmuxMissing(t)) return;
  const dataDir = await tempDir(t);
  const session = `sandbox-start-ui-${process.pid}`;
  const command = `printf 'before the UI\\n'; node bin/sandbox.js ${startArgs(dataDir, "--ui").join(" ")}; echo "exit=$?"; sleep 30`;
  tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-c", PROJECT_ROOT, command);
  t.after(() => void tmux("kill-session", "-t", session));

  await screenMatches(session, /● storefront {2}● wallet {2}● host app/);
  assert.ok((await runningSandbox(dataDir))?.urls?.storefront, "the servers run while the UI is open");
  tmux("send-keys", "-t", session, "Enter");
  const signedIn = await screenMatches(session, /wallet +✓ signed in as Ada Okafor/);
  assert.doesNotMatch(signedIn, /before the UI/, "the UI draws on the alternate screen");

  tmux("send-keys", "-t", session, "q");
  const after = await screenMatches(session, /exit=0/);
  assert.match(after, /before the UI\n/, "the terminal's own screen is back");
  assert.match(after, /Stopping the sandbox…\nStopped\.\nexit=0/);
  assert.equal(await runningSandbox(dataDir), null, "the data dir is released");
});
