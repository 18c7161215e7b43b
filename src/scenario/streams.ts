import { openEventStream, type ReadEvent } from "../client/sse-read.ts";
import { StepFailure } from "./values.ts";

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

  static async open(storefront: string, token: string): Promise<CartWatch> {
    const watch = new CartWatch();
    const { status, events } = await openEventStream(`${storefront}/api/cart/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: watch.#abort.signal,
    });
    if (!events) throw new StepFailure(`the cart stream answered ${status}`);
    void watch.#read(events);
    return watch;
  }

  async #read(events: AsyncGenerator<ReadEvent>): Promise<void> {
    try {
      for await (const message of events) {
        if (message.event !== "cart") continue;
        this.last = JSON.parse(message.data);
        this.#events.push(this.last);
        for (const wake of this.#waiters) wake();
      }
    } catch {
      // Closed at the end of the scenario (or by the server): waits time out on what they have.
    }
  }

  /** The first event kept that matches, waiting up to `timeoutMs` for one; the events before it are passed over. */
  async next(matches: (data: unknown) => boolean, timeoutMs: number): Promise<unknown> {
    const take = () => {
      const index = this.#events.findIndex(matches);
      return index < 0 ? undefined : this.#events.splice(0, index + 1).at(-1);
    };
    const found = take();
    if (found !== undefined) return found;
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const wake = () => {
        const event = take();
        if (event !== undefined) finish(event);
      };
      const finish = (event: unknown) => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve(event);
      };
      this.#waiters.add(wake);
    });
  }

  close(): void {
    this.#abort.abort();
  }
}
