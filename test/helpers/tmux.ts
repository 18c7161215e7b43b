import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export const TMUX = "/usr/bin/tmux";

/** Whether tmux is there; a test without it skips, saying how to install it. */
export function tmuxMissing(t: { skip(message: string): void }): boolean {
  if (existsSync(TMUX)) return false;
  t.skip(`${TMUX} not found: install tmux (apt-get install tmux) to run this terminal test`);
  return true;
}

/**
 * tmux on a server of this test process's own (`-L`): a tmux server the developer runs is neither
 * used nor disturbed, and the panes get this process's environment, not that of an older server.
 * It ends by itself when its last session is killed. tmux answers at once; the timeout only keeps
 * a stuck server from holding the test.
 */
const SOCKET = `sandbox-tests-${process.pid}`;
export const tmux = (...args: string[]): string =>
  execFileSync(TMUX, ["-L", SOCKET, ...args], { encoding: "utf8", timeout: 10_000 });

/** Polls the tmux pane until its text matches, or fails with what it shows. */
export async function screenMatches(session: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const screen = tmux("capture-pane", "-p", "-t", session);
    if (pattern.test(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`the terminal never showed ${pattern}:\n${screen}`);
    await sleep(100);
  }
}
