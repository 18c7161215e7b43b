import type { Timer, Timers } from "../../src/timers.ts";

interface Scheduled extends Timer {
  at: number;
  /** The delay it was set with. */
  ms: number;
  /** Whether it comes back every `ms` (an interval). */
  repeats: boolean;
  callback: () => void;
  /** The order it was set in: of two due at once, the older goes first. */
  order: number;
}

/**
 * Timers that stand still until the test moves them: `advance(ms)` moves the time and calls what
 * fell due, in order. Given to the code under test in place of the system's (its `timers`), they
 * let a test reach a 3 s poll, a fault's delay or a token's expiry at once and every time alike.
 * The time starts at the wall clock's, so that dates look like today's, on a whole second, so that
 * what is shown in seconds (a token's countdown) is the same whenever the test runs.
 */
export class ManualTimers implements Timers {
  #now: number;
  #pending = new Set<Scheduled>();
  #order = 0;
  #waiting: { matches: (ms: number) => boolean; resolve: () => void }[] = [];

  constructor(start = Math.floor(Date.now() / 1000) * 1000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): Timer {
    return this.#add(callback, ms, false);
  }

  setInterval(callback: () => void, ms: number): Timer {
    return this.#add(callback, Math.max(1, ms), true);
  }

  /** A timer of 0 ms: it runs on the next `advance`, `advance(0)` included, so the test decides when the loop's turn ends. */
  setImmediate(callback: () => void): Timer {
    return this.#add(callback, 0, false);
  }

  clear(timer: Timer | undefined): void {
    this.#pending.delete(timer as Scheduled);
  }

  /** The delays the pending timers were set with, soonest due first. */
  get pending(): number[] {
    return [...this.#pending].sort(byDue).map((timer) => timer.ms);
  }

  /**
   * Moves the time forward by `ms`, calling each timer that falls due at its own time, in order
   * (an interval as many times as it falls due; a timer set by a callback too, if it falls due in
   * the span). What the callbacks start (a request, a render) goes on after: wait for what it shows.
   */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (let next = this.#next(until); next; next = this.#next(until)) {
      this.#now = next.at;
      if (next.repeats) next.at += next.ms;
      else this.#pending.delete(next);
      next.callback();
    }
    this.#now = until;
  }

  /**
   * Resolves once a timer set with `ms` (or a delay that passes the check) is pending, at once if
   * one is: the code under test got to its wait.
   */
  scheduled(ms: number | ((ms: number) => boolean)): Promise<void> {
    const matches = typeof ms === "number" ? (delay: number) => delay === ms : ms;
    if (this.#has(matches)) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push({ matches, resolve }));
  }

  #add(callback: () => void, ms: number, repeats: boolean): Timer {
    const timer: Scheduled = {
      at: this.#now + Math.max(0, ms),
      ms,
      repeats,
      callback,
      order: this.#order++,
      unref: () => timer,
    };
    this.#pending.add(timer);
    for (const waiter of this.#waiting.filter((waiting) => this.#has(waiting.matches))) {
      this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    return timer;
  }

  #has(matches: (ms: number) => boolean): boolean {
    return [...this.#pending].some((timer) => matches(timer.ms));
  }

  #next(until: number): Scheduled | undefined {
    const [first] = [...this.#pending].sort(byDue);
    return first && first.at <= until ? first : undefined;
  }
}

const byDue = (a: Scheduled, b: Scheduled) => a.at - b.at || a.order - b.order;
