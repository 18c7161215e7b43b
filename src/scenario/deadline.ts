import type { RunStep } from "./scenario.ts";
import { durationMs, StepFailure } from "./values.ts";

/** How long a step may take when neither it (`timeout`) nor the run (`--step-timeout`) says. */
export const DEFAULT_STEP_TIMEOUT_MS = 30_000;

/** How long a `say` step may take when neither it nor the run says: a turn of an LLM agent, with its tool calls, takes seconds. */
export const DEFAULT_SAY_TIMEOUT_MS = 60_000;

/** A step's timeout when neither it nor the run (`--step-timeout`) says. */
export function defaultTimeoutMs(step: RunStep): number {
  return "say" in step ? DEFAULT_SAY_TIMEOUT_MS : DEFAULT_STEP_TIMEOUT_MS;
}

/** How long a `waitFor` waits for its event when it does not say. */
export const DEFAULT_WAIT = "5s";

/** The longest wait a timer takes (about 24.8 days): a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * How long a step may take: its own `timeout`, else the run's. A `waitFor`'s wait for its event
 * comes on top: the timeout bounds the rest of it (the login, the opening of the stream).
 */
export function stepTimeoutMs(step: RunStep, runTimeoutMs: number): number {
  if ("importData" in step) return runTimeoutMs;
  const own = step.timeout === undefined ? runTimeoutMs : durationMs(step.timeout);
  const wait = step.waitFor ? durationMs(step.waitFor.timeout ?? DEFAULT_WAIT) : 0;
  return Math.min(own + wait, LONGEST_TIMER_MS);
}

/**
 * What `work` gives, unless it takes longer than `timeoutMs`: then the step fails, naming it and
 * how long it had, and `work`'s signal aborts (a request, the opening of a stream). An interrupted
 * run (`interrupt`) aborts it too. What cannot be aborted is left to end by itself; the sandbox's
 * close ends its requests.
 */
export async function withinTimeout<T>(
  label: string,
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  interrupt?: AbortSignal,
): Promise<T> {
  const abort = new AbortController();
  const onInterrupt = () => abort.abort();
  if (interrupt?.aborted) onInterrupt();
  else interrupt?.addEventListener("abort", onInterrupt, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new StepFailure(
          `timed out: "${label}" did not end within ${formatMs(timeoutMs)} (the step's timeout: set timeout on the step, or --step-timeout for the run)`,
        ),
      );
      abort.abort();
    }, timeoutMs);
  });
  const working = work(abort.signal);
  working.catch(() => undefined); // Its failure after the timeout is no longer the step's.
  try {
    return await Promise.race([working, expired]);
  } finally {
    clearTimeout(timer);
    interrupt?.removeEventListener("abort", onInterrupt);
  }
}

/** "250 ms", "2 s", "1.5 s", "2 min". */
function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Number((ms / 1000).toFixed(1))} s`;
  return `${Number((ms / 60_000).toFixed(1))} min`;
}
