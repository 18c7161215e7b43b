/**
 * The waits that code schedules (a poll, a retry, a fault's delay, an event stream's heartbeat)
 * and the time they run on: the system's by default. Whatever waits takes its timers as a
 * dependency, so that a test can give manual ones and move them by hand instead of waiting on
 * the wall clock (test/helpers/manual-timers.ts).
 */
export interface Timers {
  /** The time now, in epoch milliseconds. */
  now(): number;
  setTimeout(callback: () => void, ms: number): Timer;
  setInterval(callback: () => void, ms: number): Timer;
  /** Calls back once the event loop has had its turn: what waits on it (another request's bytes, a timer) goes first. */
  setImmediate(callback: () => void): Timer;
  /** Cancels a timeout or an interval; nothing for one already done or none. */
  clear(timer: Timer | undefined): void;
}

/** A scheduled wait. */
export interface Timer {
  /** The process may end without waiting for it. */
  unref(): unknown;
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  setInterval: (callback, ms) => setInterval(callback, ms),
  setImmediate: (callback) => setImmediate(callback),
  clear: (timer) => clearTimeout(timer as NodeJS.Timeout | undefined),
};

/** Waits `ms` on these timers, or less if `signal` aborts meanwhile (then it resolves too). */
export function sleep(timers: Timers, ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      timers.clear(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = timers.setTimeout(done, ms);
    signal?.addEventListener("abort", done);
  });
}
