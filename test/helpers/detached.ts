/** Sandboxes started with `start --detach` in tests: they outlive the CLI, so their cleanup is their own. */
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isAlive, runningSandbox } from "../../src/sandbox-lock.ts";
import { type CliExit, type CliOptions, killGroup, runCli, startArgs, track } from "./cli.ts";

type Hooks = { after(fn: () => unknown): void };

/** What `start --detach --json` prints. */
export interface Detached {
  pid: number;
  urls: Record<string, string>;
  dataDir: string;
  log: string;
}

/**
 * A temp data dir for a detached sandbox. A detached sandbox leads a session of its own, out of
 * reach of the CLI's process group: when the test ends, passed or failed, whatever sandbox holds
 * the dir's lock is killed, and only then is the dir removed.
 */
export async function detachedDataDir(t: Hooks): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "sandbox-detached-")));
  t.after(async () => {
    const holder = await runningSandbox(dir);
    if (holder) {
      killGroup(holder.pid);
      for (let waited = 0; isAlive(holder.pid) && waited < 5000; waited += 50) await sleep(50);
    }
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });
  return dir;
}

/** `start --detach --json` on free ports, as a real process; on success the sandbox is also killed if the test file ends abruptly. */
export async function startDetached(
  t: Hooks,
  dataDir: string,
  more: string[] = [],
  options: CliOptions = {},
): Promise<{ exit: CliExit; detached: Detached }> {
  const exit = await runCli(t, [...startArgs(dataDir, "--detach", "--json"), ...more], options, 60_000);
  if (exit.code !== 0)
    throw new Error(
      `start --detach exited ${exit.code}\n--- stdout ---\n${exit.stdout}\n--- stderr ---\n${exit.stderr}`,
    );
  const detached = JSON.parse(exit.stdout) as Detached;
  track(detached.pid);
  return { exit, detached };
}
