// Event streams hold a request open for as long as they last, so the connection cap can never
// close one: they may take only a share of it, and the rest stays free for ordinary requests.
import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { CONTROL_TEXTS } from "../../src/contracts/controls/errors.ts";
import { HTTP_TEXTS } from "../../src/contracts/http-errors.ts";
import { MAX_FOLLOWERS } from "../../src/controls/journal-routes.ts";
import { fillText } from "../../src/errors.ts";
import { maxStreams, STREAM_RETRY_AFTER_S } from "../../src/http/stream-share.ts";
import { openStreams, type StreamFlood, timedRequest } from "../helpers/flood.ts";
import { until } from "../helpers/poll.ts";
import { errorBody, startTestSandbox, type TestSandbox } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

const CAP = 20;
const SHARE = maxStreams(CAP);
/** More streams asked for than the server holds connections at all. */
const ATTEMPTS = 30;

test("the streams' share: 4 in 5 of --max-connections, rounded down, and never the whole cap", async (t) => {
  for (const [cap, share] of [
    [1, 0],
    [2, 1],
    [5, 4],
    [20, 16],
    [1000, 800],
  ] as const) {
    await t.test(`--max-connections ${cap}: ${share} streams`, () => assert.equal(maxStreams(cap), share));
  }
});

/** A sandbox with a small connection cap, and the URLs of its two kinds of event streams. */
async function smallSandbox(t: TestContext) {
  const sandbox = await startTestSandbox(t, { flags: { maxConnections: CAP } });
  const token = await sandbox.login();
  return {
    sandbox,
    token,
    cartStream: `${sandbox.url}/api/cart/stream?access_token=${encodeURIComponent(token)}`,
    journalStream: `${sandbox.url}/__sandbox/journal/stream`,
  };
}

/** The server still answers ordinary requests: /health, and a cart add. */
async function assertOrdinaryRequestsAnswer({ url }: TestSandbox, token: string): Promise<void> {
  assert.equal((await timedRequest(`${url}/health`)).status, 200);
  const add = await timedRequest(`${url}/api/cart/items`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 }),
  });
  assert.equal(add.status, 200);
}

/** One more stream is refused: 503 too_many_streams, its text, Retry-After. (fetch: the answer is checked against the OpenAPI document too.) */
async function assertRefused(url: string): Promise<void> {
  const response = await fetch(url, { headers: { accept: "text/event-stream" } });
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("retry-after"), String(STREAM_RETRY_AFTER_S));
  const body = await errorBody(response);
  assert.equal(body.code, "too_many_streams");
  assert.equal(
    body.error,
    fillText(HTTP_TEXTS.tooManyStreams.text, { max: SHARE, maxConnections: CAP, seconds: STREAM_RETRY_AFTER_S }),
  );
}

function assertShareHeld(streams: StreamFlood): void {
  assert.equal(streams.opened, SHARE, `${streams.opened} streams opened, the share is ${SHARE}`);
  assert.equal(streams.open, SHARE);
  // The cap itself may close the newest sockets before they ask (every connection busy): never one more stream.
  assert.ok(streams.refused > 0, `none of ${ATTEMPTS - SHARE} streams past the share was refused with 503`);
  assert.equal(streams.refused + streams.failed, ATTEMPTS - SHARE);
  assert.equal(streams.refusal?.headers["retry-after"], String(STREAM_RETRY_AFTER_S));
}

test(`${ATTEMPTS} cart streams against --max-connections ${CAP}: ${SHARE} open, the rest are refused, and /health and a cart add still answer`, async (t) => {
  const { sandbox, token, cartStream } = await smallSandbox(t);
  const streams = await openStreams([cartStream], ATTEMPTS);
  t.after(() => streams.stop());

  await assertOrdinaryRequestsAnswer(sandbox, token);
  assertShareHeld(streams);
  await assertRefused(cartStream);
  assert.equal(streams.open, SHARE, "a refusal ends no open stream");
});

test(`${ATTEMPTS} journal streams without any credential: ${SHARE} open, the rest are refused, and the server still answers`, async (t) => {
  const { sandbox, token, cartStream, journalStream } = await smallSandbox(t);
  const streams = await openStreams([journalStream], ATTEMPTS);
  t.after(() => streams.stop());

  await assertOrdinaryRequestsAnswer(sandbox, token);
  assertShareHeld(streams);
  await assertRefused(journalStream);
  // One share for every kind of stream on the server.
  await assertRefused(cartStream);
});

test("closing a stream frees its slot for the next one", async (t) => {
  const { sandbox, cartStream, journalStream } = await smallSandbox(t);
  const streams = await Promise.all(
    Array.from({ length: SHARE }, (_, index) => openRawStream(index % 2 ? journalStream : cartStream)),
  );
  t.after(() => {
    for (const stream of streams) stream.close();
  });
  assert.deepEqual(new Set(streams.map((stream) => stream.response.statusCode)), new Set([200]));
  await assertRefused(cartStream);

  streams.pop()!.close();
  await until(() => sandbox.sandbox.stats().liveStreams < SHARE, "a closed stream freeing its place", {
    timeoutMs: 3_000,
  });
  const next = await openRawStream(cartStream);
  t.after(() => next.close());
  assert.equal(next.response.statusCode, 200);
  await next.until((messages) => messages.some((message) => message.event === "cart"));
  await assertRefused(journalStream);
});

test(`a server's journal has at most ${MAX_FOLLOWERS} live followers, whatever room the streams' share has`, async (t) => {
  const sandbox = await startTestSandbox(t, { flags: { maxConnections: 100 } });
  const journalStream = `${sandbox.url}/__sandbox/journal/stream`;
  const followers = await Promise.all(Array.from({ length: MAX_FOLLOWERS }, () => openRawStream(journalStream)));
  t.after(() => {
    for (const follower of followers) follower.close();
  });
  assert.deepEqual(new Set(followers.map((follower) => follower.response.statusCode)), new Set([200]));
  const response = await fetch(journalStream, { headers: { accept: "text/event-stream" } });
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("retry-after"), String(STREAM_RETRY_AFTER_S));
  assert.deepEqual(await errorBody(response), {
    code: "too_many_streams",
    error: fillText(CONTROL_TEXTS.tooManyFollowers.text, { max: MAX_FOLLOWERS, seconds: STREAM_RETRY_AFTER_S }),
  });
  // Cart streams still have their room, and a follower that leaves makes room for another.
  const token = await sandbox.login();
  const cart = await openRawStream(`${sandbox.url}/api/cart/stream?access_token=${encodeURIComponent(token)}`);
  t.after(() => cart.close());
  assert.equal(cart.response.statusCode, 200);
  followers.pop()!.close();
  await until(() => sandbox.sandbox.stats().liveStreams <= MAX_FOLLOWERS, "a closed follower freeing its place", {
    timeoutMs: 3_000,
  });
  const next = await openRawStream(journalStream);
  t.after(() => next.close());
  assert.equal(next.response.statusCode, 200);
});
