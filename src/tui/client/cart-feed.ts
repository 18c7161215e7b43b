import { connectionProblem } from "../../client/connection.ts";
import { type ReadEvent, readEvents } from "../../client/sse-read.ts";
import { CART } from "../../contracts/storefront/schemas.ts";
import { ERROR_BODY } from "../../errors.ts";
import { parseJson } from "../../json-text.ts";
import { conforms } from "../../json-validator.ts";
import { systemTimers, type Timer, type Timers } from "../../timers.ts";
import { type Cart, describeCart } from "./storefront.ts";

/**
 * Where the cart stream stands. `reconnecting`: cut or not answering (tried again after the
 * server's `retry:`), or a 5xx (after the feed's own wait); `expired`: the token ran out, the feed
 * waits for a new login; `closed`: refused for good (another 4xx), `r` tries again.
 */
export type FeedPhase = "signed-out" | "connecting" | "open" | "reconnecting" | "expired" | "closed";

/** One line of the screen's event list: a cart event from the server, or a change of the connection. */
export interface FeedEvent {
  seq: number;
  time: Date;
  type: string;
  detail: string;
}

export interface CartFeedState {
  phase: FeedPhase;
  /** Attempts since the stream was last open (the one under way included). */
  attempts: number;
  /** Why the stream is not open, one line. */
  reason?: string;
  /** Oldest first, at most `keep` of them. */
  events: readonly FeedEvent[];
  /** The cart as the last event gave it; none before the first event of this login. */
  cart?: Cart;
  /** The cart's version: the `id:` of its last event. */
  version?: string;
  /** Whose cart (the login's email). */
  who?: string;
}

export interface CartFeedOptions {
  /** The storefront's base URL; none: this sandbox runs no storefront. */
  baseUrl?: string;
  /** The UI's recording fetch, so that the stream's exchanges show in Traffic. */
  fetch: typeof fetch;
  /** The wait before trying again after a 5xx (after a cut, the feed waits the server's `retry:`). */
  retryMs?: number;
  /** What the waits before trying again run on. */
  timers?: Timers;
  /** Events kept: enough to scroll back a while, bounded however long the UI runs. */
  keep?: number;
}

export const KEPT_EVENTS = 200;
const RETRY_MS = 3000;

/** What the server said when it refused the stream. */
interface Refusal {
  status: number;
  code?: string;
}

/**
 * Follows `GET /api/cart/stream` for one storefront login, for the whole life of the UI (not of
 * a screen): events that come while another screen is shown are kept. Listeners hear each change.
 */
export class CartFeed {
  #state: CartFeedState = { phase: "signed-out", attempts: 0, events: [] };
  #listeners = new Set<() => void>();
  #login?: { token: string; who: string };
  /** Ends the stream being followed (or being opened). */
  #abort?: AbortController;
  #retry?: Timer;
  /** The server's `retry:`, once it sent one: the wait before reconnecting after a cut. */
  #serverRetryMs = RETRY_MS;
  #seq = 0;
  readonly options: CartFeedOptions;
  readonly #timers: Timers;

  constructor(options: CartFeedOptions) {
    this.options = options;
    this.#timers = options.timers ?? systemTimers;
  }

  get state(): CartFeedState {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Follows this login's cart; the same login again changes nothing while it is followed, a new one starts over. */
  start(token: string, who: string): void {
    if (this.#login?.token === token && this.#state.phase !== "expired" && this.#state.phase !== "closed") return;
    this.#halt();
    this.#login = { token, who };
    this.#update(
      { phase: "connecting", attempts: 1, reason: undefined, cart: undefined, version: undefined, who },
      "connect",
      `as ${who}`,
    );
    this.#connect();
  }

  /** No login any more (signed out, or the UI ends): the stream is closed and the cart, someone's no longer, goes; the events stay. */
  stop(): void {
    if (!this.#login) return;
    const { who } = this.#login;
    this.#halt();
    this.#login = undefined;
    this.#update(
      { phase: "signed-out", attempts: 0, reason: undefined, who: undefined, cart: undefined, version: undefined },
      "sign-out",
      `${who} signed out: stream closed, cart cleared`,
    );
  }

  /** Tries again now, whatever the state (a refusal, a wait for the next retry). */
  reconnect(): void {
    if (!this.#login) return;
    this.#halt();
    this.#update({ phase: "connecting", attempts: 1, reason: undefined }, "connect", `again, as ${this.#login.who}`);
    this.#connect();
  }

  clearEvents(): void {
    this.#update({ events: [] });
  }

  #connect(): void {
    const login = this.#login;
    if (!login) return;
    if (!this.options.baseUrl) {
      this.#update({ phase: "closed", reason: "this sandbox runs no storefront" });
      return;
    }
    const abort = new AbortController();
    this.#abort = abort;
    void this.#follow(`${this.options.baseUrl}/api/cart/stream`, login.token, abort.signal);
  }

  /** Opens the stream and reads it to its end, through the client's reader; how it ends decides what comes next. */
  async #follow(url: string, token: string, signal: AbortSignal): Promise<void> {
    // A reconnect says which version it has, as EventSource's own reconnects do.
    const lastEventId: Record<string, string> =
      this.#state.version === undefined ? {} : { "last-event-id": this.#state.version };
    let response: Response;
    try {
      const headers = { accept: "text/event-stream", ...lastEventId, authorization: `Bearer ${token}` };
      response = await this.options.fetch(url, { headers, signal });
    } catch (error) {
      if (!signal.aborted) this.#failed({ kind: "silent", reason: connectionProblem(error) });
      return;
    }
    if (!response.ok || !response.body) {
      const refusal = { status: response.status, code: await errorCode(response) };
      if (!signal.aborted) this.#failed({ kind: "refused", refusal });
      return;
    }
    this.#update({ phase: "open", attempts: 0, reason: undefined }, "open", "stream open");
    try {
      for await (const message of readEvents(response.body)) {
        if (signal.aborted) return;
        if (message.retry !== undefined) this.#serverRetryMs = message.retry;
        if (message.event === "cart") this.#receive(message);
      }
    } catch {
      // A connection broken mid-stream ends it as the end of the stream does: a cut.
    }
    if (!signal.aborted) this.#failed({ kind: "cut" });
  }

  #receive(event: ReadEvent): void {
    const text = event.data;
    const data = parseJson(text);
    if (!conforms(CART, data)) {
      this.#update({}, "cart", `not a cart: ${text.slice(0, 60)}`);
      return;
    }
    const version = event.id || undefined;
    this.#update({ cart: data, version }, "cart", `${version ? `v${version}: ` : ""}${describeCart(data)}`);
  }

  /**
   * A cut or a server that does not answer: tried again after the server's `retry:`, on the feed's
   * timers. A refusal: the feed decides.
   */
  #failed(ending: { kind: "cut" } | { kind: "silent"; reason: string } | { kind: "refused"; refusal: Refusal }): void {
    const attempts = this.#state.attempts + 1;
    this.#halt();
    if (ending.kind !== "refused") {
      const reason = ending.kind === "cut" ? "the stream was cut" : `the storefront does not answer (${ending.reason})`;
      this.#retryAfter(this.#serverRetryMs, attempts, reason);
      return;
    }
    const { refusal } = ending;
    if (refusal.status === 401 && refusal.code === "token_expired") {
      this.#update(
        { phase: "expired", reason: "the storefront token expired" },
        "expired",
        "401 token_expired: sign in again (key 1)",
      );
      return;
    }
    const reason = `refused: ${refusal.status}${refusal.code ? ` ${refusal.code}` : ""}`;
    if (refusal.status < 500) this.#update({ phase: "closed", reason }, "closed", reason);
    else this.#retryAfter(this.options.retryMs ?? RETRY_MS, attempts, reason);
  }

  #retryAfter(ms: number, attempts: number, reason: string): void {
    this.#retry = this.#timers.setTimeout(() => this.#connect(), ms);
    this.#update({ phase: "reconnecting", attempts, reason }, "retry", `${reason}; reconnecting (attempt ${attempts})`);
  }

  #halt(): void {
    this.#timers.clear(this.#retry);
    this.#abort?.abort();
    this.#abort = undefined;
  }

  /** A new state object each change (React compares by identity), with a line for the event list when given. */
  #update(change: Partial<CartFeedState>, type?: string, detail = ""): void {
    const events = type
      ? [...(change.events ?? this.#state.events), { seq: ++this.#seq, time: new Date(), type, detail }].slice(
          -(this.options.keep ?? KEPT_EVENTS),
        )
      : (change.events ?? this.#state.events);
    this.#state = { ...this.#state, ...change, events };
    for (const listener of this.#listeners) listener();
  }
}

/** The `code` of a refusal's error body (`token_expired`, `invalid_token`…), when it is one. */
async function errorCode(response: Response): Promise<string | undefined> {
  const body = parseJson(
    await response
      .clone()
      .text()
      .catch(() => ""),
  );
  return conforms(ERROR_BODY, body) ? body.code : undefined;
}
