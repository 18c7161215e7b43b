import { openEventStream, type ReadEvent } from "../client/sse-read.ts";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import { CONTROLS } from "../contracts/controls/routes.ts";
import type { ServiceName } from "../service-names.ts";
import { StepFailure } from "./values.ts";

/** The storefront's cart stream, which `waitFor` reads. */
export const CART_STREAM_PATH = "/api/cart/stream";

/** The controls that answer with an event stream (`/__sandbox/journal/stream`), by their contracts. */
const CONTROL_STREAMS = Object.values(CONTROLS)
  .filter((control) => "events" in control)
  .map((control) => `${CONTROLS_PREFIX}${control.path}`);

/**
 * Why a request step to this path would never end, when the path names one of the sandbox's event
 * streams; undefined otherwise. (An answer that turns out to be a stream is read up to its first
 * event instead: steps.ts.)
 */
export function eventStreamProblem(server: ServiceName, method: string, path: string): string | undefined {
  if (method !== "GET") return undefined;
  const route = (path.split("?")[0] ?? "").replace(/(.)\/+$/, "$1");
  const what =
    server === "storefront" && route === CART_STREAM_PATH
      ? "wait for its events with a waitFor step ({stream: cart, as: <user>})"
      : CONTROL_STREAMS.includes(route)
        ? "check what the servers answered with a journal step"
        : undefined;
  return what && `${route} is an event stream, which does not end: a request step would never finish; ${what}`;
}

/**
 * A user's cart stream (GET /api/cart/stream), open from a step's first wait on it to the end of
 * the scenario: every `cart` event is kept, so that a wait finds an event that came before it
 * (the first is the cart as it is when the stream opens).
 */
export class CartWatch {
  readonly #events: unknown[] = [];
  readonly #waiters = new Set<() => void>();
  readonly #abort = new AbortController();
  /** The latest event's data, for the report of a wait that found none. */
  last: unknown;

  private constructor() {}

  /** Opens the stream; `signal` (the step's deadline) stops the opening, not the stream once open. */
  static async open(storefront: string, token: string, signal: AbortSignal): Promise<CartWatch> {
    const watch = new CartWatch();
    const stop = () => watch.close();
    signal.addEventListener("abort", stop);
    try {
      const { status, events } = await openEventStream(`${storefront}${CART_STREAM_PATH}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: watch.#abort.signal,
      });
      if (!events) throw new StepFailure(`the cart stream answered ${status}`);
      void watch.#read(events);
      return watch;
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }

  async #read(events: AsyncGenerator<ReadEvent>): Promise<void> {
    try {
      for await (const message of events) {
        if (message.event !== "cart") continue;
        this.last = JSON.parse(message.data);
        this.#events.push(this.last);
        this.#wake();
      }
    } catch {
      // Closed at the end of the scenario (or by the server): waits time out on what they have.
    }
  }

  /**
   * The first event kept that matches, waiting up to `timeoutMs` for one; the events before it are
   * passed over. `matches` may take its time (a pattern runs off the main thread).
   */
  async next(matches: (data: unknown) => Promise<boolean>, timeoutMs: number): Promise<unknown> {
    const ends = performance.now() + timeoutMs;
    for (let index = 0; ; index++) {
      while (index >= this.#events.length)
        if (this.#abort.signal.aborted || !(await this.#arrival(ends - performance.now()))) return undefined;
      if (await matches(this.#events[index])) return this.#events.splice(0, index + 1).at(-1);
    }
  }

  /** Whether an event came (or the watch closed) within `ms`. */
  #arrival(ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), ms);
      const wake = () => finish(true);
      const finish = (arrived: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve(arrived);
      };
      this.#waiters.add(wake);
    });
  }

  #wake(): void {
    for (const wake of this.#waiters) wake();
  }

  close(): void {
    this.#abort.abort();
    this.#wake(); // A wait still running ends with what it has.
  }
}
