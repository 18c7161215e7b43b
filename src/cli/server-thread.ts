import { Worker } from "node:worker_threads";
import type { SandboxConfig } from "../config/load.ts";
import { UserFacingError } from "./errors.ts";

/**
 * The young generation V8 may grow for the servers' thread, in MB (two thirds of it hold new
 * objects and the survivors of the last scavenge, one third new large objects). Under a sustained
 * load V8 grows it to its default ceiling, ~32 MB more of RSS that stays with the process until
 * it idles. 12 MB keeps the CPU per request of the default; smaller saves a few MB more but costs
 * CPU, as more of the requests in flight outlive two scavenges (docs/performance.md, Memory).
 */
export const YOUNG_GENERATION_MB = 12;

/** What the servers' thread tells the thread that started it. */
export type ThreadReport =
  | { kind: "log"; text: string }
  | { kind: "started"; banner: string }
  | { kind: "failed"; expected: boolean; message: string; stack?: string; exitCode: number }
  | { kind: "closed" };

export interface ServerThread {
  banner: string;
  /** Resolves if the thread ends on its own (an error nothing caught): with what ended it. */
  crashed: Promise<Error>;
  /** Closes the servers and ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts the sandbox's servers in a worker thread of this process: V8 takes the limits of a heap
 * only when it is made, and a thread's heap is the one a process can make with its own limits
 * (the process's own heap was made before any of our code ran). Everything else is as in the
 * main thread: the same process, pid and files; the main thread keeps the signals and the terminal.
 */
export function startServerThread(config: SandboxConfig, log: (text: string) => void): Promise<ServerThread> {
  const worker = new Worker(new URL("../../bin/server-thread.js", import.meta.url), {
    workerData: config,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  let closed: () => void;
  const closing = new Promise<void>((resolve) => (closed = resolve));
  let crash: (error: Error) => void;
  const crashed = new Promise<Error>((resolve) => (crash = resolve));
  return new Promise<ServerThread>((resolve, reject) => {
    worker.on("error", (error) => {
      reject(error);
      crash(error);
    });
    worker.on("exit", (code) => {
      const ended = new Error(`The servers' thread ended with code ${code}`);
      reject(ended);
      crash(ended);
    });
    worker.on("message", (report: ThreadReport) => {
      if (report.kind === "log") log(report.text);
      else if (report.kind === "failed") {
        reject(failure(report));
        void worker.terminate(); // so that nothing a failed start left behind keeps the process up
      } else if (report.kind === "closed") closed();
      else {
        resolve({
          banner: report.banner,
          crashed,
          close: async () => {
            worker.postMessage("close");
            await Promise.race([closing, crashed]);
            await worker.terminate(); // whatever still waits in it (a timer) has nothing left to do
          },
        });
      }
    });
  });
}

/** The error the thread reported, as the CLI reports errors: a user's with its message and exit code, a bug with its stack. */
function failure(report: Extract<ThreadReport, { kind: "failed" }>): Error {
  if (report.expected) return new UserFacingError(report.message, report.exitCode);
  return Object.assign(new Error(report.message), { stack: report.stack });
}
