import assert from "node:assert/strict";
import { test } from "node:test";
import { CartFeed, type CartFeedState, KEPT_EVENTS } from "../../src/tui/client/cart-feed.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";

const BASE = "http://storefront.test";

/** An event stream answer that sends `text` and stays open (as the storefront's does). */
function streamAnswer(text: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode(text)),
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

function refusal(status: number, code: string): Response {
  return new Response(JSON.stringify({ error: code, code }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function cartEvent(version: number, quantity: number): string {
  const cart = {
    items: quantity
      ? [{ id: "okra", name: "Okra", description: "paint bucket", price: 2500, quantity, imageUrl: "" }]
      : [],
    subtotal: 2500 * quantity,
  };
  return `id: ${version}\nevent: cart\ndata: ${JSON.stringify(cart)}\n\n`;
}

/** A fetch that answers each call with the next of `answers` (the last one again when they run out), noting what it was sent. */
function scriptedFetch(answers: (() => Response)[]) {
  const sent: { url: string; authorization?: string; lastEventId?: string }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({
      url: String(input),
      authorization: headers.get("authorization") ?? undefined,
      ...(headers.has("last-event-id") ? { lastEventId: headers.get("last-event-id")! } : {}),
    });
    return answers[Math.min(sent.length, answers.length) - 1]!();
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

/** The feed's state once `check` holds, as its listeners hear it change. */
async function until(feed: CartFeed, check: (state: CartFeedState) => boolean): Promise<CartFeedState> {
  let stop = () => {};
  const reached = new Promise<void>((resolve) => {
    stop = feed.subscribe(() => check(feed.state) && resolve());
    if (check(feed.state)) resolve();
  });
  const state = () =>
    JSON.stringify({ ...feed.state, events: feed.state.events.map((event) => `${event.type}: ${event.detail}`) });
  await withDeadline(reached, 5000, `the feed getting there (it is ${state()})`).finally(stop);
  return feed.state;
}

test("cart feed: follows the stream with the login's token; the cart and its version come from the events", async (t) => {
  const { fetch, sent } = scriptedFetch([() => streamAnswer(`retry: 3000\n${cartEvent(1, 0)}${cartEvent(2, 3)}`)]);
  const feed = new CartFeed({ baseUrl: BASE, fetch });
  t.after(() => feed.stop());
  feed.start("token-a", "ada@example.com");
  const state = await until(feed, (current) => current.version === "2");
  assert.equal(state.phase, "open");
  assert.equal(state.cart?.items[0]?.quantity, 3);
  assert.deepEqual(
    state.events.map((event) => event.type),
    ["connect", "open", "cart", "cart"],
  );
  assert.equal(state.events.at(-1)?.detail, "v2: 1 line, 3 items, subtotal ₦7,500.00");
  assert.deepEqual(sent, [{ url: `${BASE}/api/cart/stream`, authorization: "Bearer token-a" }]);
  feed.start("token-a", "ada@example.com");
  assert.equal(sent.length, 1, "the same login again changes nothing");
});

test("cart feed: keeps the newest events only", async (t) => {
  const many = Array.from({ length: KEPT_EVENTS + 50 }, (_, index) => cartEvent(index + 1, 1)).join("");
  const feed = new CartFeed({ baseUrl: BASE, fetch: scriptedFetch([() => streamAnswer(many)]).fetch });
  t.after(() => feed.stop());
  feed.start("token-a", "ada@example.com");
  const state = await until(feed, (current) => current.version === String(KEPT_EVENTS + 50));
  assert.equal(state.events.length, KEPT_EVENTS);
  assert.equal(state.events.at(-1)?.detail.startsWith(`v${KEPT_EVENTS + 50}:`), true);
});

test("cart feed: a cut stream is reconnected after the server's retry, saying which version it has", async (t) => {
  const cut = () => new Response(`retry: 10\n${cartEvent(1, 0)}`, { headers: { "content-type": "text/event-stream" } });
  const { fetch, sent } = scriptedFetch([cut, () => streamAnswer(cartEvent(2, 1))]);
  const timers = new ManualTimers();
  const feed = new CartFeed({ baseUrl: BASE, fetch, timers });
  t.after(() => feed.stop());
  feed.start("token-a", "ada@example.com");
  await until(feed, (current) => current.phase === "reconnecting");
  assert.deepEqual(timers.pending, [10], "the wait is the server's retry:");
  assert.equal(sent.length, 1);
  timers.advance(10);
  const state = await until(feed, (current) => current.version === "2");
  assert.equal(sent[1]?.lastEventId, "1");
  assert.equal(state.phase, "open");
  assert.equal(state.attempts, 0);
  assert.equal(sent.length, 2);
  assert.ok(state.events.some((event) => event.detail === "the stream was cut; reconnecting (attempt 1)"));
});

test("cart feed: an expired token stops it until a new login; another refusal closes it; a 5xx is retried", async (t) => {
  await t.test("401 token_expired", async () => {
    const { fetch, sent } = scriptedFetch([() => refusal(401, "token_expired"), () => streamAnswer(cartEvent(5, 1))]);
    const timers = new ManualTimers();
    const feed = new CartFeed({ baseUrl: BASE, fetch, timers });
    feed.start("old", "ada@example.com");
    await until(feed, (current) => current.phase === "expired");
    assert.deepEqual(timers.pending, [], "no retry with a token that expired");
    feed.start("new", "ada@example.com");
    await until(feed, (current) => current.phase === "open" && current.version === "5");
    assert.equal(sent[1]?.authorization, "Bearer new");
    feed.stop();
    assert.equal(feed.state.phase, "signed-out");
  });
  await t.test("401 invalid_token", async () => {
    const timers = new ManualTimers();
    const feed = new CartFeed({
      baseUrl: BASE,
      fetch: scriptedFetch([() => refusal(401, "invalid_token")]).fetch,
      timers,
    });
    feed.start("forged", "ada@example.com");
    const state = await until(feed, (current) => current.phase === "closed");
    assert.equal(state.reason, "refused: 401 invalid_token");
    assert.deepEqual(timers.pending, [], "no retry after a refusal");
    feed.stop();
  });
  await t.test("503", async () => {
    const { fetch, sent } = scriptedFetch([
      () => refusal(503, "unavailable"),
      () => refusal(503, "unavailable"),
      () => streamAnswer(cartEvent(1, 0)),
    ]);
    const timers = new ManualTimers();
    const feed = new CartFeed({ baseUrl: BASE, fetch, retryMs: 250, timers });
    feed.start("token-a", "ada@example.com");
    const reconnecting = await until(feed, (current) => current.phase === "reconnecting");
    assert.equal(reconnecting.reason, "refused: 503 unavailable");
    assert.deepEqual(timers.pending, [250], "the feed's own wait");
    timers.advance(250);
    await until(feed, (current) => current.attempts === 3);
    timers.advance(250);
    await until(feed, (current) => current.phase === "open");
    assert.equal(sent.length, 3);
    feed.stop();
  });
});
