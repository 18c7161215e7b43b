import assert from "node:assert/strict";
import { test } from "node:test";
import { PROJECT_ROOT, startArgs, tempDir } from "../helpers/cli.ts";
import { startInProcess } from "../helpers/in-process.ts";
import { screenMatches, tmux, tmuxMissing } from "../helpers/tmux.ts";

test("agent ask on a real terminal asks its follow-up question and takes the typed answer", {
  timeout: 60_000,
}, async (t) => {
  if (tmuxMissing(t)) return;
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const session = `sandbox-test-${process.pid}`;
  const command = `node bin/sandbox.js agent ask 'Did my transfer go through?' --user ada@example.com --data-dir ${dataDir}; sleep 30`;
  tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "40", "-c", PROJECT_ROOT, command);
  t.after(() => void tmux("kill-session", "-t", session));

  await screenMatches(session, /Which transaction\? Give its id/);
  tmux("send-keys", "-t", session, "txn_ada_0002", "Enter");
  const screen = await screenMatches(session, /^= txn_ada_0002 .*: Failed\.$/m);
  assert.match(screen, /authorization: Bearer \*\*\*/);
  assert.doesNotMatch(screen, /dev-bff-service-token/);
});
