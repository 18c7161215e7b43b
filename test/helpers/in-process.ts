/** Runs the command layer inside the test process (runCli with an io of its own): no tsx start-up per command. */
import { Readable } from "node:stream";
import type { CliIo } from "../../src/cli/io.ts";
import { type RunOutcome, runCommandLine } from "../../src/cli/main.ts";
import { SandboxError } from "../../src/errors.ts";
import type { Timers } from "../../src/timers.ts";
import { type CliExit, cliEnv, PROJECT_ROOT, READY_LINE, STOREFRONT_LINE } from "./cli.ts";
import { CLEANUP_MS, withDeadline } from "./deadline.ts";
import { Output } from "./output.ts";

type Hooks = { after(fn: () => unknown): void };

export interface InProcessOptions {
  /** The run's working directory; the project root unless given, as for a spawned CLI. */
  cwd?: string;
  /** Added to an environment that holds none of the sandbox's own variables, as for a spawned CLI. */
  env?: Record<string, string>;
  /** The text on stdin; none: nothing to read. */
  stdin?: string;
  /** What a command that polls waits on (manual timers, moved by the test); the system's without. */
  timers?: Timers;
}

/** A run's result, as a spawned run's, with what only an in-process run can see: the code of the error it ended with. */
export interface InProcessExit extends CliExit {
  /** The `code` of the SandboxError the command failed with; none when it did not fail with one. */
  errorCode?: string;
}

export interface InProcessRun {
  stdout(): string;
  stderr(): string;
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Asks a running `sandbox start` to stop, as a SIGTERM would, and waits (CLEANUP_MS at most) for the run to end. */
  stop(): Promise<InProcessExit>;
  /** The run's result once it ended by itself; after `timeoutMs` it is stopped and this rejects. */
  exit(timeoutMs?: number): Promise<InProcessExit>;
}

/**
 * Starts a command. An in-process `start` never listens for the process's signals: it is given
 * an abort signal of its own, which `stop` aborts.
 */
function launch(args: string[], options: InProcessOptions): InProcessRun {
  const stdout = new Output();
  const stderr = new Output();
  const controller = new AbortController();
  const io: CliIo = {
    stdout,
    stderr,
    ...(options.stdin !== undefined && { stdin: Readable.from([options.stdin]) }),
    env: cliEnv(options.env),
    cwd: options.cwd ?? PROJECT_ROOT,
    stop: controller.signal,
    ...(options.timers && { timers: options.timers }),
  };
  const done = runCommandLine(args, io);
  void done.then(
    ({ exitCode }) => stdout.end(`the command ended (exit code ${exitCode})`),
    (error: unknown) => stdout.end(`the command failed (${String(error)})`),
  );
  const result = async (promise: Promise<RunOutcome>): Promise<InProcessExit> => {
    const { exitCode, error } = await promise;
    return {
      code: exitCode,
      signal: null,
      stdout: stdout.text,
      stderr: stderr.text,
      ...(error instanceof SandboxError && { errorCode: error.code }),
    };
  };
  const what = `sandbox ${args.join(" ")}`;
  const describe = () => `\n--- stdout ---\n${stdout.text}\n--- stderr ---\n${stderr.text}`;
  const stop = () => {
    controller.abort("Stop requested");
    return result(withDeadline(done, CLEANUP_MS, `stopping ${what}`));
  };
  return {
    stdout: () => stdout.text,
    stderr: () => stderr.text,
    waitForLine: (pattern, timeoutMs = 30_000) => stdout.waitForLine(pattern, timeoutMs, describe),
    stop,
    async exit(timeoutMs = 30_000) {
      try {
        return await result(withDeadline(done, timeoutMs, what));
      } catch (error) {
        await stop().catch(() => {});
        throw new Error(`${(error as Error).message}${describe()}`);
      }
    },
  };
}

/** Runs a command that ends by itself; the result has the shape of a spawned run's (never a signal). */
export function runInProcess(
  args: string[],
  options: InProcessOptions = {},
  timeoutMs?: number,
): Promise<InProcessExit> {
  return launch(args, options).exit(timeoutMs);
}

/** Runs a command that runs until stopped (`start`); it is stopped when the test ends. */
export function launchInProcess(t: Hooks, args: string[], options: InProcessOptions = {}): InProcessRun {
  const run = launch(args, options);
  t.after(() => run.stop());
  return run;
}

/** `sandbox start` in-process, once its whole banner is printed; the URL is the storefront's it printed. */
export async function startInProcess(
  t: Hooks,
  args: string[],
  options: InProcessOptions = {},
): Promise<{ cli: InProcessRun; url: string }> {
  const cli = launchInProcess(t, args, options);
  const [, url] = await cli.waitForLine(STOREFRONT_LINE);
  await cli.waitForLine(READY_LINE);
  return { cli, url: url as string };
}
