import { constants } from "node:os";

/**
 * What this process must undo before it ends (a sandbox's servers and its temporary data dir, a
 * scenario run's report), done in one place on SIGINT, SIGTERM and SIGHUP, and on exit.
 *
 * Node ends a process on these signals only while nothing listens to them: a listener of ours
 * would keep the process alive after Ctrl-C, and a team's test runner may listen to them itself.
 * So one handler serves every cleanup of the process (its listeners do not pile up as sandboxes
 * start), it listens only while there is something to clean up, and once the cleanups are done it
 * raises the signal again when it was the only listener: the process then ends as it would have
 * without us, with the signal's status (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP). With
 * another listener (a test runner), what happens next is that listener's to decide.
 */
export const EXIT_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
export type ExitSignal = (typeof EXIT_SIGNALS)[number];

export interface Cleanup {
  /** Undoes what is left, as well as it can (stop the servers, then remove their files); awaited before the signal is raised again. */
  onSignal?(signal: ExitSignal): Promise<unknown> | undefined;
  /** What must go even when the process ends at once (process.exit, an uncaught exception, a second signal): synchronous. */
  onExit?(): void;
}

const cleanups = new Set<Cleanup>();
/** The signal being cleaned up after, while its cleanups run. */
let cleaning: ExitSignal | undefined;

/** Runs `cleanup` on the first exit signal, or its `onExit` when the process ends first; the function returned unregisters it. */
export function registerCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  listen(true);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0 && cleaning === undefined) listen(false);
  };
}

/** The exit status a shell gives a process that the signal ended: 128 + its number. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

function listen(on: boolean): void {
  const listening = process.listeners("exit").includes(runExitCleanups);
  if (on === listening) return;
  for (const signal of EXIT_SIGNALS) process[on ? "on" : "off"](signal, onExitSignal);
  process[on ? "on" : "off"]("exit", runExitCleanups);
}

function onExitSignal(signal: ExitSignal): void {
  // Without our listener the process would end now: once cleaned up, it does.
  const alone = process.listenerCount(signal) === 1;
  if (cleaning !== undefined) {
    // A second signal while cleaning up: end at once, with what must go all the same.
    if (alone) raise(signal);
    return;
  }
  cleaning = signal;
  const running = [...cleanups];
  void Promise.allSettled(running.map(async (cleanup) => cleanup.onSignal?.(signal))).then(() => {
    cleaning = undefined;
    for (const cleanup of running) cleanups.delete(cleanup);
    if (alone) raise(signal);
    else if (cleanups.size === 0) listen(false);
  });
}

/** Runs what must go synchronously, stops listening and raises the signal, which now ends the process. */
function raise(signal: ExitSignal): void {
  runExitCleanups();
  cleanups.clear();
  listen(false);
  process.kill(process.pid, signal);
}

function runExitCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup.onExit?.();
    } catch {
      // The process is ending: nothing is left to tell, and the other cleanups still run.
    }
  }
}
