import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { messageOf } from "../errors.ts";

/**
 * How long one match of a scenario's pattern (`matches`, a capture's `match`) may take. A linear
 * pattern reads an 8 MiB answer in tens of milliseconds; one that backtracks without end
 * (`^(.+)+z$`) never finishes, and is cut here.
 */
export const PATTERN_DEADLINE_MS = 2000;

/** Matches run at once, each on a worker of its own (~10 MB each); more wait their turn (--jobs 500). */
const MOST_AT_ONCE = Math.max(2, availableParallelism());

/** Idle workers kept for the next match (one per scenario run at once is the common need). */
const IDLE_KEPT = 2;

// The worker's whole code: JavaScript's own RegExp, so that a pattern means what it always meant
// (backreferences and lookaround included). Sent back: the match and its groups, not its input.
const MATCHER = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", ({ pattern, text }) => {
  try {
    const found = new RegExp(pattern).exec(text);
    parentPort.postMessage({ found: found === null ? null : [...found] });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});`;

const idle: Worker[] = [];
let running = 0;
const queued: (() => void)[] = [];

/** A match's groups as `exec` gives them (null for none), or why there is no answer, in one line. */
export type PatternResult = { found: (string | undefined)[] | null } | { problem: string };

/**
 * The first match of a scenario's regular expression in a text. It runs on a worker thread, not
 * the one the runner and its sandboxes share: a pattern that backtracks without end stalls
 * neither, and after `deadlineMs` its worker is ended and the answer says so.
 */
export async function matchPattern(
  pattern: string,
  text: string,
  deadlineMs = PATTERN_DEADLINE_MS,
): Promise<PatternResult> {
  try {
    new RegExp(pattern); // A pattern a variable made unparsable is said here, without a worker.
  } catch (error) {
    return { problem: `/${pattern}/ is no regular expression: ${messageOf(error)}` };
  }
  if (running < MOST_AT_ONCE) running++;
  else await new Promise<void>((resolve) => queued.push(resolve));
  try {
    return await matchOnWorker(pattern, text, deadlineMs);
  } finally {
    // The turn goes to the next match waiting, if any.
    const next = queued.shift();
    if (next) next();
    else running--;
  }
}

async function matchOnWorker(pattern: string, text: string, deadlineMs: number): Promise<PatternResult> {
  let worker = idle.pop();
  // A worker that stopped while idle (its threadId is then -1) is passed over.
  while (worker && worker.threadId < 0) worker = idle.pop();
  worker ??= await startedWorker();
  worker.ref(); // Held while it works, so that the process waits for its answer.
  const busy = worker;
  return new Promise((resolve, reject) => {
    // The deadline is the match's: a thread busy with the sandboxes may see it pass while the
    // answer is already waiting, so the answer gets one more turn of the event loop to arrive.
    const timer = setTimeout(() => setImmediate(expire), deadlineMs);
    let settled = false;
    const expire = () => {
      if (settled) return;
      done();
      void busy.terminate();
      resolve({
        problem: `/${pattern}/ did not finish within ${deadlineMs} ms on ${text.length} characters: it backtracks without end on them (a nested quantifier such as (.+)+ tries every way to split the text); write it so that each character can match one way only`,
      });
    };
    const answered = (message: { found?: (string | undefined)[] | null; error?: string }) => {
      done();
      busy.unref();
      if (idle.length < IDLE_KEPT) idle.push(busy);
      else void busy.terminate();
      resolve(
        message.error === undefined
          ? { found: message.found ?? null }
          : { problem: `/${pattern}/ failed: ${message.error}` },
      );
    };
    // A worker that could not start or died (out of memory) fails the match as it is.
    const died = (error: unknown) => {
      done();
      void busy.terminate();
      reject(error instanceof Error ? error : new Error(`the pattern's worker stopped (exit code ${String(error)})`));
    };
    const done = () => {
      clearTimeout(timer);
      settled = true;
      busy.off("message", answered).off("error", died).off("exit", died);
    };
    busy.once("message", answered).once("error", died).once("exit", died);
    busy.postMessage({ pattern, text });
  });
}

/** A new worker once its thread runs: starting one on a busy machine takes long, and is no part of any match's deadline. */
function startedWorker(): Promise<Worker> {
  const worker = new Worker(MATCHER, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once("online", () => {
      worker.off("error", reject);
      resolve(worker);
    });
    worker.once("error", reject);
  });
}
