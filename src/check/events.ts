import { type ReadEvent, readEvents } from "../client/sse-read.ts";
import { expectShape, expectStatus } from "./expect.ts";
import { excerpt, type Http } from "./http.ts";
import { failCheck } from "./outcome.ts";
import { CART, type CartView } from "./storefront-data.ts";

export interface CartEvent {
  event: string;
  id?: string;
  cart: CartView;
}

/** The cart events of a storefront event stream, read one at a time; each wait is named, so that a timeout says what never came. */
export class CartEvents {
  readonly #events: AsyncGenerator<ReadEvent>;

  constructor(
    private readonly http: Http,
    body: ReadableStream<Uint8Array>,
    /** The stream, as a reason names it. */
    private readonly what: string,
  ) {
    this.#events = readEvents(body);
  }

  /** The next event; its data must be a cart. */
  async next(waitingFor: string): Promise<CartEvent> {
    this.http.step = `${waitingFor} on ${this.what}`;
    const { value, done } = await this.#events.next();
    if (done) return failCheck(`expected ${waitingFor} on ${this.what}, but the stream ended`);
    return cartEvent(value, this.what);
  }

  /** Every event up to the end of the stream. */
  async all(): Promise<CartEvent[]> {
    this.http.step = `the end of ${this.what}`;
    const events: CartEvent[] = [];
    for await (const event of this.#events) events.push(cartEvent(event, this.what));
    return events;
  }

  async close(): Promise<void> {
    await this.#events.return(undefined);
  }
}

/** Checks that the answer is an event stream (200, text/event-stream) and reads its events. */
export async function openCartEvents(http: Http, response: Response, what: string): Promise<CartEvents> {
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !/^text\/event-stream\b/i.test(type)) {
    const text = await response.text();
    expectStatus({ method: "", url: "", status: response.status, headers: response.headers, text }, 200);
    failCheck(`expected Content-Type text/event-stream, got ${type || "none"} (${excerpt(text)})`);
  }
  return new CartEvents(http, response.body!, what);
}

function cartEvent(message: ReadEvent, what: string): CartEvent {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return failCheck(`expected JSON data in the ${message.event} event of ${what}, got ${excerpt(message.data)}`);
  }
  // The storefront's stream sends only cart events: another one is the deployment's departure from the spec.
  if (message.event !== "cart") failCheck(`expected a "cart" event, got "${message.event}"`);
  expectShape(data, CART, `the cart event's data`);
  return { event: message.event, id: message.id, cart: data };
}
