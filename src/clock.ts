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
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Moves the clock to `time` (in the future or the past), from where it runs on. */
  set(time: Date): void;
  /** Back to its timers' time (the system's). */
  reset(): void;
  /** Calls `listener` after every move (what was scheduled by the old time re-checks); returns the way to stop. */
  onChange(listener: () => void): () => void;
  /** The timers it runs on: what the sandbox waits on (heartbeats, fault delays, the end of streams). */
  readonly timers: Timers;
}

export function createClock(timers: Timers = systemTimers): Clock {
  let offsetMs = 0;
  const listeners = new Set<() => void>();
  const moveTo = (offset: number) => {
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
