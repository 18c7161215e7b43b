import type { Timers } from "./timers.ts";

/**
 * Work cut into units: a generator that yields between two units and returns its result. Run
 * through `inSlices`, it gives the event loop its turn between slices of units, so that a long
 * build (the journal's 10,000 entries as a HAR, an export) does not hold every server's
 * requests, /health included, until it is done; run through `atOnce`, it is a plain call.
 */
export type Work<T> = Generator<void, T, void>;

/** The most units of a slice: with units this cheap that the time is never up, the loop still gets its turn. */
export const SLICE_UNITS = 256;
/**
 * The longest a slice runs before the event loop's turn. A unit is small (an entry of the journal,
 * an item of a collection), so a slice ends at most a unit past this: a request that arrives
 * meanwhile waits ~10 ms, where the whole build of a 10,000-entry HAR took seconds.
 */
export const SLICE_MS = 10;

/** Runs the work to its end in one go, for a caller that needs its result now (a test, a small input). */
export function atOnce<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs the work in slices of at most SLICE_UNITS units and SLICE_MS, with the event loop's turn
 * between two (`timers.setImmediate`: manual timers in a test decide when each next slice runs).
 * A unit that throws rejects with its error.
 */
export async function inSlices<T>(work: Work<T>, timers: Timers): Promise<T> {
  for (;;) {
    const end = performance.now() + SLICE_MS;
    for (let units = 0; units < SLICE_UNITS && performance.now() < end; units++) {
      const step = work.next();
      if (step.done) return step.value;
    }
    await new Promise<void>((resolve) => timers.setImmediate(resolve));
  }
}

/** Each item mapped, one unit each. */
export function* eachOf<T, U>(items: Iterable<T>, map: (item: T) => U): Work<U[]> {
  const mapped: U[] = [];
  for (const item of items) {
    mapped.push(map(item));
    yield;
  }
  return mapped;
}
