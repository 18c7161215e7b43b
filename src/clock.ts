import { systemTimers, type Timers } from "./timers.ts";

/**
 * The one source of "now" for everything that depends on time (token expiry, order dates,
 * insight windows, sessions, the end of event streams), so that the sandbox controls can move
 * it without touching the system clock. A moved clock keeps running: it stays the same
 * distance from the time of its timers (the system's, or a test's manual ones).
 */
export interface Clock {
  now(): Date;
  /** now() in epoch milliseconds, without making a Date (asked on every request). */
  nowMs(): number;
  /** Milliseconds the clock is ahead of its timers' time, the system's (negative: behind). */
  readonly offsetMs: number;
  /** Moves the clock forward by `ms`; a RangeError, and no move, past CLOCK_LIMITS. */
  advance(ms: number): void;
  /** Moves the clock to `time` (in the future or the past), from where it runs on; a RangeError, and no move, outside CLOCK_LIMITS. */
  set(time: Date): void;
  /** Back to its timers' time (the system's). */
  reset(): void;
  /** Calls `listener` after every move (what was scheduled by the old time re-checks); returns the way to stop. */
  onChange(listener: () => void): () => void;
  /** The timers it runs on: what the sandbox waits on (heartbeats, fault delays, the end of streams). */
  readonly timers: Timers;
}

/**
 * The times the clock can be moved to. Every time the sandbox shows or signs is made from the
 * clock's now, so it must stay one that a Date holds, that a token's `iat` counts from 1970
 * on, and that ISO 8601 writes with four-digit years as `set` takes it: from the Unix epoch
 * to the last millisecond of the year 9999. (A clock moved there runs on past `latest`, for
 * some 265,000 years before a Date can no longer hold it.)
 */
export const CLOCK_LIMITS = {
  earliest: Date.UTC(1970, 0, 1),
  latest: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
} as const;

/** Whether the clock may be moved to `ms` (epoch milliseconds): false for NaN and the infinities too. */
export function withinClockLimits(ms: number): boolean {
  return ms >= CLOCK_LIMITS.earliest && ms <= CLOCK_LIMITS.latest;
}

export function createClock(timers: Timers = systemTimers): Clock {
  let offsetMs = 0;
  const listeners = new Set<() => void>();
  const moveTo = (offset: number) => {
    // What the journal, the tokens and every date of the data are made from: a clock off the calendar would make them all fail.
    const target = timers.now() + offset;
    if (!withinClockLimits(target)) {
      throw new RangeError(
        `The sandbox clock stays within CLOCK_LIMITS (1970 to 9999): refused a move to ${target} ms`,
      );
    }
    offsetMs = offset;
    for (const listener of [...listeners]) listener();
  };
  return {
    timers,
    get offsetMs() {
      return offsetMs;
    },
    now: () => new Date(timers.now() + offsetMs),
    nowMs: () => timers.now() + offsetMs,
    advance: (ms) => moveTo(offsetMs + ms),
    set: (time) => moveTo(time.getTime() - timers.now()),
    reset: () => moveTo(0),
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
