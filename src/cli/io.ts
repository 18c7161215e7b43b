import { Writable } from "node:stream";
import { text } from "node:stream/consumers";
import { processSettingsSources } from "../config/load.ts";
import type { Timers } from "../timers.ts";

export interface TextOutput {
  write(text: string): void;
}

/**
 * Where the commands read and write: the real process's streams, or (tests, tools) buffers of
 * their own, so that the whole command layer runs inside another program. (`mcp` without
 * --http is the exception: the MCP protocol itself speaks on the process's stdin and stdout.)
 */
export interface CliIo {
  stdout: TextOutput;
  stderr: TextOutput;
  /** Read by `identity verify -` and, on a terminal, by the agent's follow-up question; none: nothing to read. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** The environment the settings come from (SIGNING_SECRET, DATA_DIR, …). */
  env: Record<string, string | undefined>;
  /** Where sandbox.config.json and relative paths are looked up. */
  cwd: string;
  /**
   * Ends `sandbox start`, `mcp --http` and `logs --follow` when aborted (its reason, if a string, is printed).
   * Without it, they stop on SIGINT/SIGTERM or when the npm process that started them goes away: a real process's way.
   */
  stop?: AbortSignal;
  /** What a command that polls (`logs --follow`) waits on; the system's timers without it. */
  timers?: Timers;
}

/** The real process's streams, environment and working directory. */
export function processIo(): CliIo {
  // `sandbox … | head` closes the pipe early: that ends the output, not the program with a stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // A getter: only a command that reads stdin opens it.
    get stdin() {
      return process.stdin;
    },
    ...processSettingsSources(),
  };
}

/** All of stdin; nothing when the io has none (an empty text, which the command then refuses as it would any). */
export function readStdin(io: CliIo): Promise<string> {
  return io.stdin ? text(io.stdin) : Promise.resolve("");
}

/**
 * Resolves once what was written to the output is with the system: a pipe takes it
 * asynchronously, and a process that a signal ends loses what it had not taken yet.
 */
export function flushed(output: TextOutput): Promise<void> {
  return output instanceof Writable ? new Promise((resolve) => output.write("", () => resolve())) : Promise.resolve();
}

/** What each command is given: the io, a way to print a line, and the exit code the run ends with. */
export interface Cli {
  readonly io: CliIo;
  /** Writes the text and a newline to stdout. */
  print(text: string): void;
  /** 0 unless a command sets 1 to tell scripts that it did not work. */
  exitCode: number;
}

export function createCli(io: CliIo): Cli {
  return { io, print: (text) => io.stdout.write(`${text}\n`), exitCode: 0 };
}
