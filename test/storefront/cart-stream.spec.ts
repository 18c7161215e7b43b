import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { EventSource } from "eventsource";
import { withDeadline } from "../helpers/deadline.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";
import { until } from "../helpers/poll.ts";
import { parseAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";
import { errorBody, startTestSandbox, type TestSandbox } from "../helpers/sandbox.ts";
import { openRawStream, type SseMessage } from "../helpers/sse.ts";

interface Cart {
  items: { id: string; quantity: number }[];
  subtotal: number;
}
const carts = (messages: SseMessage[]) => messages.filter((message) => message.event === "cart");
const quantityOf = (message: SseMessage | undefined) => (JSON.parse(message?.data ?? "{}") as Cart).items[0]?.quantity;

async function streamUrl(sandbox: TestSandbox, token: string) {
  return `${sandbox.url}/api/cart/stream?access_token=${encodeURIComponent(token)}`;
}

/** The test sandbox's heartbeat (testConfig's sseHeartbeat). */
const HEARTBEAT_MS = 100;

test("GET /api/cart/stream", async (t) => {
  const timers = new ManualTimers();
  const sandbox = await startTestSandbox(t, { start: { timers } });
  const token = await sandbox.login();

  await t.test("opens with retry: once, then a cart event with the current cart and its version as id", async () => {
    const stream = await openRawStream(`${sandbox.url}/api/cart/stream`, { authorization: `Bearer ${token}` });
    t.after(() => stream.close());
    assert.equal(stream.response.statusCode, 200);
    assert.match(stream.response.headers["content-type"] ?? "", /^text\/event-stream/);
    assert.equal(stream.response.headers["cache-control"], "no-cache, no-transform");
    const messages = await stream.until((all) => carts(all).length === 1);
    assert.match(messages[0]!.retry ?? "", /^\d+$/);
    assert.deepEqual(JSON.parse(carts(messages)[0]!.data!), { items: [], subtotal: 0 });
    assert.equal(carts(messages)[0]!.id, "0");
  });

  await t.test("a change made by another request arrives as a cart event, id = the new version", async () => {
    const stream = await openRawStream(await streamUrl(sandbox, token));
    t.after(() => stream.close());
    await stream.until((all) => carts(all).length === 1);
    await sandbox.addToCart(token, { product_id: "ofada-rice-5kg", quantity: 2 });
    const messages = await stream.until((all) => carts(all).length === 2);
    assert.equal(quantityOf(carts(messages)[1]), 2);
    assert.equal(carts(messages)[1]!.id, "1");
    assert.equal(messages.filter((message) => message.retry !== undefined).length, 1, "retry is sent once");
  });

  await t.test("heartbeat comments arrive at the configured interval", async () => {
    const stream = await openRawStream(await streamUrl(sandbox, token));
    t.after(() => stream.close());
    const pings = (all: SseMessage[]) => all.filter((message) => message.comment === "ping").length;
    await stream.until((all) => carts(all).length === 1);
    assert.ok(timers.pending.includes(HEARTBEAT_MS), `a heartbeat every ${HEARTBEAT_MS} ms: ${timers.pending}`);
    timers.advance(HEARTBEAT_MS);
    await stream.until((all) => pings(all) === 1);
    timers.advance(HEARTBEAT_MS);
    await stream.until((all) => pings(all) === 2);
  });

  await t.test("Last-Event-ID gets a fresh snapshot of the cart", async () => {
    const stream = await openRawStream(await streamUrl(sandbox, token), { "last-event-id": "0" });
    t.after(() => stream.close());
    const messages = await stream.until((all) => carts(all).length === 1);
    assert.equal(quantityOf(carts(messages)[0]), 2);
    assert.equal(carts(messages)[0]!.id, "1");
  });

  await t.test("an independent EventSource client receives the snapshot and the agent-free change", async () => {
    const source = new EventSource(await streamUrl(sandbox, token));
    t.after(() => source.close());
    const received: Cart[] = [];
    const second = new Promise<void>((resolve) =>
      source.addEventListener("cart", (event) => {
        received.push(JSON.parse(event.data) as Cart);
        if (received.length === 2) resolve();
      }),
    );
    await new Promise((resolve) => source.addEventListener("cart", resolve, { once: true }));
    await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" });
    await second;
    assert.deepEqual(
      received.map((cart) => cart.items[0]?.quantity),
      [2, 3],
    );
  });

  await t.test("no token, or a bad one, is 401 in the error shape", async () => {
    const none = await sandbox.fetch("/api/cart/stream");
    assert.equal(none.status, 401);
    assert.equal((await errorBody(none)).code, "invalid_token");
    const bad = await sandbox.fetch("/api/cart/stream?access_token=abc");
    assert.equal((await errorBody(bad)).code, "invalid_token");
  });

  await t.test("nothing is left behind once the client goes away", async () => {
    await sleep(50);
    const before = resources();
    const timersBefore = timers.pending.length;
    const baseline = sandbox.sandbox.stats();
    const streams = await Promise.all([1, 2, 3].map(async () => openRawStream(await streamUrl(sandbox, token))));
    await Promise.all(streams.map((stream) => stream.until((all) => carts(all).length === 1)));
    assert.equal(sandbox.sandbox.stats().liveStreams, baseline.liveStreams + 3);
    assert.equal(sandbox.sandbox.stats().cartListeners, baseline.cartListeners! + 3);
    assert.equal(timers.pending.length, timersBefore + 6, "each stream's heartbeat and end are set");
    for (const stream of streams) stream.close();
    await until(() => sandbox.sandbox.stats().liveStreams === baseline.liveStreams, resourcesLeft, { timeoutMs: 3000 });
    assert.equal(sandbox.sandbox.stats().cartListeners, baseline.cartListeners);
    assert.equal(timers.pending.length, timersBefore, "and cleared");
    await until(
      () => resources().Timeout <= before.Timeout && resources().TCPSocketWrap <= before.TCPSocketWrap,
      resourcesLeft,
      { timeoutMs: 3000 },
    );
  });
});

test("simple clients: retry: rides with the first event, and no block reads as an empty message", async (t) => {
  const timers = new ManualTimers();
  const sandbox = await startTestSandbox(t, { start: { timers } });
  const token = await sandbox.login();
  // A ping between the two cart events, and one after the second.
  let pinged = 0;
  const answer = await rawRequest(sandbox.url, requestText("GET", `/api/cart/stream?access_token=${token}`), (text) => {
    const carts = (text.match(/event: cart/g) ?? []).length;
    if (carts > pinged) {
      pinged += 1;
      timers.advance(HEARTBEAT_MS);
      if (carts === 1) void sandbox.addToCart(token, { product_id: "ofada-rice-5kg" });
    }
    return carts >= 2 && (text.match(/: ping/g) ?? []).length >= 2;
  });
  // Every blank line ends a block; the part after the last one is not a block yet.
  const blocks = parseAnswer(answer)
    .body.split("\n\n")
    .slice(0, -1)
    .map((block) => block.split("\n"));
  const [first] = blocks;
  assert.deepEqual(
    first?.map((line) => line.split(":")[0]),
    ["retry", "id", "event", "data"],
  );
  assert.equal(first?.[2], "event: cart");
  // Some clients (httpx-sse) dispatch every blank line once an id was seen: a block without data (a lone retry:, a ping) reads as an empty message.
  for (const block of blocks)
    assert.ok(
      block.some((line) => line.startsWith("data:")),
      `a block without data: ${JSON.stringify(block)}`,
    );
  assert.equal(
    blocks.filter((block) => block.some((line) => line.startsWith("retry:"))).length,
    1,
    "retry: is sent once",
  );
});

test("the stream ends when the token that opened it expires", async (t) => {
  const timers = new ManualTimers();
  const sandbox = await startTestSandbox(t, { flags: { tokenTtl: "2s", sseHeartbeat: "15s" }, start: { timers } });
  const token = await sandbox.login();
  const stream = await openRawStream(await streamUrl(sandbox, token));
  t.after(() => stream.close());
  await stream.until((all) => carts(all).length === 1);
  timers.advance(1999);
  assert.equal(sandbox.sandbox.stats().liveStreams, 1, "open until the token expires");
  timers.advance(1);
  assert.equal(sandbox.sandbox.stats().liveStreams, 0, "closed as it expires");
  await withDeadline(stream.ended, 10_000, "the end of the stream");
  const again = await sandbox.fetch(`/api/cart/stream?access_token=${token}`);
  assert.equal(again.status, 401);
  assert.equal((await errorBody(again)).code, "token_expired");
});

test("a client that stops reading is dropped instead of buffered without end", async (t) => {
  const sandbox = await startTestSandbox(t, { flags: { sseHeartbeat: "15s" } });
  const token = await sandbox.login();
  const slow = await openRawStream(await streamUrl(sandbox, token));
  t.after(() => slow.close());
  await slow.until((all) => carts(all).length === 1);
  slow.response.pause();
  // Fill the cart with every product so each event is large, then keep changing it.
  const products = ((await (await sandbox.as(token, "/api/products")).json()) as { items: { id: string }[] }).items;
  for (const product of products) await sandbox.addToCart(token, { product_id: product.id });
  let adds = 0;
  while (sandbox.sandbox.stats().liveStreams > 0 && adds < 4000) {
    await Promise.all(Array.from({ length: 20 }, () => sandbox.addToCart(token, { product_id: "ofada-rice-5kg" })));
    adds += 20;
  }
  assert.equal(sandbox.sandbox.stats().liveStreams, 0, `the slow client was still connected after ${adds} changes`);
  assert.equal(sandbox.sandbox.stats().cartListeners, 0);
});

function resources(): { Timeout: number; TCPSocketWrap: number } {
  const all = process.getActiveResourcesInfo();
  return {
    Timeout: all.filter((name) => name === "Timeout").length,
    TCPSocketWrap: all.filter((name) => name === "TCPSocketWrap").length,
  };
}

/** What is still open when a wait for the stream's resources to go gives up. */
function resourcesLeft(): string {
  return `resources still open: ${JSON.stringify(resources())}`;
}
