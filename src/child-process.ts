import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * How the CLI's child processes end and are stopped: the command `sandbox exec` runs, the
 * sandbox `start --detach` starts, the agent under test `sandbox run --agent` talks to. One
 * helper, so that each is reaped the same way.
 */

/** How a child ended: its exit code, the signal that ended it, or why it could not start. */
export type Ending = { code: number; signal: null } | { code: null; signal: NodeJS.Signals } | { error: Error };

/** The child's end. Listen at once after spawning: an end (or a spawn error) may come before the first wait. */
export function endOf(child: ChildProcess): Promise<Ending> {
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ error }));
    child.once("exit", (code, signal) =>
      resolve(code === null ? { code, signal: signal as NodeJS.Signals } : { code, signal: null }),
    );
  });
}

export interface StopOptions {
  /** How long it has after SIGTERM before SIGKILL. */
  graceMs: number;
  /**
   * Signal its whole process group (it was spawned `detached`, as a group's leader): what it
   * started (the program a shell runs, that program's own children) stops with it.
   */
  group?: boolean;
}

/**
 * SIGTERM, then SIGKILL if it is still there after the grace; resolves once it has exited (and
 * is reaped). With `group`, what is left of the group once the child has gone (a program its
 * shell started that ignores SIGTERM) gets the same SIGKILL at the end of the grace.
 */
export async function stopChild(child: ChildProcess, options: StopOptions): Promise<void> {
  const { pid } = child;
  if (pid === undefined) return;
  // Unref'd: once the child is gone, nothing should wait out the rest of the grace (the child's handle keeps us alive meanwhile).
  const late = sleep(options.graceMs, "late", { ref: false });
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    signalChild(child, "SIGTERM", options.group);
    if ((await Promise.race([exited, late])) === "late") {
      signalChild(child, "SIGKILL", options.group);
      await exited;
    }
  } else if (options.group) signalChild(child, "SIGTERM", true);
  if (options.group && groupAlive(pid)) {
    await late;
    signalChild(child, "SIGKILL", true);
  }
}

/** Whether a process of the group led by `pid` is still there. */
function groupAlive(pid: number): boolean {
  if (process.platform === "win32") return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends the signal to the child, or to its process group; one already gone is no error. */
export function signalChild(child: ChildProcess, signal: NodeJS.Signals, group = false): void {
  try {
    // Windows has no process groups: there the child alone is signalled.
    if (group && child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Gone already (ESRCH): nothing is left to stop.
  }
}
