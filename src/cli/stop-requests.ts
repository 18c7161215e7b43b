import { readFileSync } from "node:fs";
import { errnoCode } from "../errors.ts";
import type { CliIo } from "./io.ts";

/** What ends a running `sandbox start`: `next` resolves with the reason; `dispose` stops listening. */
export interface StopRequests {
  next: Promise<string>;
  dispose(): void;
}

const WATCH_INTERVAL_MS = 500;

/** What ends a command that runs until stopped (`start`, `mcp --http`, `logs --follow`): the io's abort signal if it has one, else the process's signals. */
export function stopRequests(io: CliIo): StopRequests {
  return io.stop ? abortStopRequests(io.stop) : processStopRequests();
}

/**
 * A real process's stop requests: the first Ctrl-C or SIGTERM (a second one exits at once,
 * without waiting), or, when npm or npx started the sandbox, that npm process going away.
 */
function processStopRequests(): StopRequests {
  let resolveNext!: (reason: string) => void;
  const next = new Promise<string>((resolve) => (resolveNext = resolve));
  let received = false;
  const stop = (reason: string) => {
    received = true;
    clearInterval(watch);
    resolveNext(reason);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) {
      process.stderr.write(`Second ${signal}: exiting without waiting.\n`);
      process.exit(1);
    }
    stop(`${signal} received`);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const watch = watchNpm(() => stop("The npm process that started this command has exited"));
  return {
    next,
    dispose() {
      clearInterval(watch);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

/** Stop requests of a run inside another program (tests): the signal's abort. */
function abortStopRequests(signal: AbortSignal): StopRequests {
  const reason = () => (typeof signal.reason === "string" ? signal.reason : "Stop requested");
  let onAbort = () => {};
  const next = new Promise<string>((resolve) => {
    onAbort = () => resolve(reason());
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  return { next, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/**
 * A SIGTERM sent to npx is not always passed on, and a SIGKILL never is: npx ends and leaves
 * the sandbox running. Started through npx the chain is `npm exec → sh -c "sandbox start …" →
 * node`, and the `sh` may stay alive, so our own parent does not change: watch the npm process
 * itself, and our parent too (the `sh` may go instead).
 */
function watchNpm(gone: () => void): NodeJS.Timeout | undefined {
  const npm = npmAncestor();
  if (npm === null) return undefined;
  const parent = process.ppid;
  return setInterval(() => {
    if (process.ppid !== parent || !isRunning(npm)) gone();
  }, WATCH_INTERVAL_MS);
}

/** The pid of the npm or npx that started this process, as its parent or through the `sh -c` it spawns; null if none did. */
function npmAncestor(): number | null {
  const parent = processInfo(process.ppid);
  if (!parent) return null;
  if (isNpm(parent.command)) return process.ppid;
  if (!/(^|\/)(ba|da)?sh$/.test(parent.command[0] ?? "")) return null;
  const grandparent = processInfo(parent.ppid);
  return grandparent && isNpm(grandparent.command) ? parent.ppid : null;
}

function isNpm(command: string[]): boolean {
  return command.some((part) => /(^|\/)(npm|npx)(-cli\.js)?(\s|$)/.test(part));
}

/** Alive and not a zombie: a process that ended but was not reaped yet still answers kill(0). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (errnoCode(error) !== "EPERM") return false;
  }
  return processInfo(pid)?.state !== "Z";
}

/** A process's command line, parent and state letter, from /proc (Linux); null elsewhere or once it is gone. */
function processInfo(pid: number): { command: string[]; ppid: number; state: string } | null {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state = "", ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { command, ppid: Number(ppid), state };
  } catch {
    return null;
  }
}
