import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { PROJECT_ROOT, startArgs, tempDir } from "../helpers/cli.ts";
import { startInProcess } from "../helpers/in-process.ts";

const TMUX = "/usr/bin/tmux";
/** tmux answers at once; the timeout only keeps a stuck server from holding the test. */
const tmux = (...args: string[]) => execFileSync(TMUX, args, { encoding: "utf8", timeout: 10_000 });

/** Polls the tmux pane until its text matches, or fails with what it shows. */
async function screenMatches(session: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const screen = tmux("capture-pane", "-p", "-t", session);
    if (pattern.test(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`the terminal never showed ${pattern}:\n${screen}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("agent ask on a real terminal asks its follow-up question and takes the typed answer", { timeout: 60_000 }, async (t) => {
  if (!existsSync(TMUX)) {
    t.skip(`${TMUX} not found: install tmux (apt-get install tmux) to run this terminal test`);
    return;
  }
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
