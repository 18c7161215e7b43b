import { setTimeout as sleep } from "node:timers/promises";

/**
 * Waits until `condition` holds, checking every `everyMs` (20 ms), and fails naming `what` after
 * `timeoutMs` (5 s): for what a server or the network does, which no timer of the test moves. The
 * condition may ask a server (a promise), one check at a time.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string | (() => string),
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const { timeoutMs = 5000, everyMs = 20 } = options;
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline)
      throw new Error(`${typeof what === "function" ? what() : what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
