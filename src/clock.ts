/**
 * The one source of "now" for everything that depends on time (token expiry, order dates,
 * insight windows, sessions, the end of event streams), so that the sandbox controls can move
 * it without touching the system clock. A moved clock keeps running: it stays the same
 * distance from the system time.
 */
export interface Clock {
  now(): Date;
  /** now() in epoch milliseconds, without making a Date (asked on every request). */
  nowMs(): number;
  /** Milliseconds the clock is ahead of the system time (negative: behind). */
  readonly offsetMs: number;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Moves the clock to `time` (in the future or the past), from where it runs on. */
  set(time: Date): void;
  /** Back to the system time. */
  reset(): void;
  /** Calls `listener` after every move (what was scheduled by the old time re-checks); returns the way to stop. */
  onChange(listener: () => void): () => void;
}

export function createClock(): Clock {
  let offsetMs = 0;
  const listeners = new Set<() => void>();
  const moveTo = (offset: number) => {
    offsetMs = offset;
    for (const listener of [...listeners]) listener();
  };
  return {
    get offsetMs() {
      return offsetMs;
    },
    now: () => new Date(Date.now() + offsetMs),
    nowMs: () => Date.now() + offsetMs,
    advance: (ms) => moveTo(offsetMs + ms),
    set: (time) => moveTo(time.getTime() - Date.now()),
    reset: () => moveTo(0),
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
