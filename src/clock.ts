/**
 * The one source of "now" for everything that depends on time (token expiry, order dates,
 * insight windows), so that the sandbox controls can move it without touching the system clock.
 */
export interface Clock {
  now(): Date;
  /** Milliseconds added to the system time. */
  offsetMs: number;
}

export function createClock(offsetMs = 0): Clock {
  return {
    offsetMs,
    now() {
      return new Date(Date.now() + this.offsetMs);
    },
  };
}
