import { checkAnswer } from "../client/answer.ts";
import { openEventStream } from "../client/sse-read.ts";
import { CART, type CartView } from "../contracts/storefront/schemas.ts";
import { userError } from "../errors.ts";
import { parseJson } from "../json-text.ts";

/** How long next() and until() wait by default: under the 5 s a test runner gives a test, so that this error is the one seen. */
export const CART_WAIT_MS = 3000;

/** A user's cart stream, read as it comes: each `cart` event's cart, in order, none lost between calls. */
export interface CartStream {
  /** The next cart: the first is the cart as it was when the stream opened. Rejects after `timeout` ms (default 3000). */
  next(options?: { timeout?: number }): Promise<CartView>;
  /**
   * The first cart from here that matches; the carts before it are passed over. Rejects after
   * `timeout` ms (default 3000) with an error that says the last cart seen.
   */
  until(predicate: (cart: CartView) => boolean, options?: { timeout?: number }): Promise<CartView>;
  /** Leaves the stream; what waits rejects. */
  close(): void;
}

/** Opens GET /api/cart/stream with the user's storefront token; a refusal rejects with what the server answered. */
export async function followCart(storefront: string, token: string, who: string): Promise<CartStream> {
  const abort = new AbortController();
  const { status, events } = await openEventStream(`${storefront}/api/cart/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (!events) {
    abort.abort(); // the refusal's body is not read: its connection goes
    throw userError(
      "cart_stream_refused",
      `The storefront answered ${status} to ${who}'s cart stream, not an event stream.`,
    );
  }
  const carts: CartView[] = [];
  let ended: string | undefined;
  let wake = () => {};
  let last: CartView | undefined;
  // One reader for the stream's life: carts queue up, so a wait that timed out loses none.
  void (async () => {
    try {
      for await (const event of events) {
        if (event.event !== "cart") continue;
        const cart = checkAnswer(parseJson(event.data), CART);
        // A cart off its contract is what a test should see, not a value typed as what it is not.
        if (!cart.ok) {
          ended = `the storefront sent a cart off its contract (${cart.mismatch}): ${event.data.slice(0, 200)}`;
          abort.abort();
          break;
        }
        carts.push(cart.value);
        wake();
      }
      ended ??= "the storefront ended the stream";
    } catch {
      ended ??= abort.signal.aborted ? "the stream was closed" : "the stream broke off";
    }
    wake();
  })();

  const lastSeen = () => (last === undefined ? "no cart came" : `the last cart seen was ${JSON.stringify(last)}`);
  /** The next cart, or a rejection once the wait (begun `timeout` ms before `deadline`) is over. */
  const take = (wait: { deadline: number; timeout: number; what: string }): Promise<CartView> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const cart = carts.shift();
        if (cart !== undefined) {
          clearTimeout(timer);
          last = cart;
          return resolve(cart);
        }
        if (ended) {
          clearTimeout(timer);
          return reject(userError("cart_stream_ended", `Waited for ${wait.what}, but ${ended}; ${lastSeen()}.`));
        }
        wake = check;
      };
      const timer = setTimeout(() => {
        wake = () => {};
        reject(userError("cart_wait_timeout", `Waited ${wait.timeout} ms for ${wait.what}, in vain; ${lastSeen()}.`));
      }, wait.deadline - Date.now());
      check();
    });
  const waitFor = (what: string, timeout = CART_WAIT_MS) => ({ deadline: Date.now() + timeout, timeout, what });

  return {
    next: (options) => take(waitFor(`${who}'s next cart`, options?.timeout)),
    until: async (predicate, options) => {
      const wait = waitFor(`a cart of ${who}'s that matches`, options?.timeout);
      for (;;) {
        const cart = await take(wait);
        if (predicate(cart)) return cart;
      }
    },
    close: () => abort.abort(),
  };
}
