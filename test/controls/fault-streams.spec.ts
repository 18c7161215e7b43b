import assert from "node:assert/strict";
import { test } from "node:test";
import { EventSource } from "eventsource";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { until } from "../helpers/poll.ts";
import { startTestSandbox, type TestSandbox } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

const streamUrl = async (sandbox: TestSandbox) =>
  `${sandbox.url}/api/cart/stream?access_token=${encodeURIComponent(await sandbox.login())}`;
const DROP = { service: "storefront", route: "GET /api/cart/stream", dropStream: true } as const;

/**
 * A fetch for EventSource that reads the stream's `retry:` as 1 ms: the client reconnects at once
 * after a cut instead of after the sandbox's 3 s (what it waits is not what the test is about).
 */
const reconnectAtOnce: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!response.body) return response;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const quick = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true }).replace(/^retry: \d+$/m, "retry: 1");
      controller.enqueue(encoder.encode(text));
    },
  });
  return new Response(response.body.pipeThrough(quick), { status: response.status, headers: response.headers });
};

test("--drop-stream cuts an open stream at once: an EventSource sees the error, reconnects and gets the cart again", {
  timeout: 30_000,
}, async (t) => {
  const sandbox = await startTestSandbox(t, { flags: { sseHeartbeat: "15s" } });
  const controls = new ControlsClient(sandbox.url);
  const source = new EventSource(await streamUrl(sandbox), { fetch: reconnectAtOnce });
  t.after(() => source.close());
  const seen: string[] = [];
  source.addEventListener("open", () => seen.push("open"));
  // Listening for the cart still, when the client learns of the cut (it reconnects a moment later).
  let listenersAtCut: number | undefined;
  source.addEventListener("error", () => {
    seen.push(`error (readyState ${source.readyState})`);
    listenersAtCut ??= sandbox.sandbox.stats().cartListeners;
  });
  source.addEventListener("cart", () => seen.push("cart"));
  await until(() => seen.includes("cart"), "the first cart event");

  const fault = await controls.addFault({ ...DROP, times: 1 });
  assert.equal(fault.fired, 1, "the open stream was cut as the fault was added");
  assert.deepEqual(await controls.faults(), [], "and that used the fault up");
  await until(() => seen.some((entry) => entry.startsWith("error")), "the client's error");
  assert.equal(
    seen.find((entry) => entry.startsWith("error")),
    `error (readyState ${EventSource.CONNECTING})`,
    "a cut is a network failure: the client reconnects",
  );
  assert.equal(listenersAtCut, 0, "the cut stream let go of its listener");

  await until(() => seen.filter((entry) => entry === "cart").length === 2, "the cart again after the reconnect", {
    timeoutMs: 10_000,
  });
  assert.deepEqual(seen, ["open", "cart", `error (readyState ${EventSource.CONNECTING})`, "open", "cart"]);
  assert.equal(sandbox.sandbox.stats().liveStreams, 1);
});

test("--drop-stream cuts new streams right after they open, until the fault is used up or cleared", {
  timeout: 30_000,
}, async (t) => {
  const sandbox = await startTestSandbox(t, { flags: { sseHeartbeat: "15s" } });
  const controls = new ControlsClient(sandbox.url);
  const url = await streamUrl(sandbox);
  await controls.addFault({ ...DROP, times: 2 });

  for (let cut = 0; cut < 2; cut += 1) {
    const stream = await openRawStream(url);
    t.after(() => stream.close());
    assert.equal(stream.response.statusCode, 200, "the stream opens");
    const ended = await withDeadline(
      new Promise<boolean>((resolve) => stream.response.on("close", () => resolve(stream.response.complete))),
      3000,
      "the cut",
    );
    assert.equal(ended, false, "the connection is cut, not ended cleanly");
    assert.deepEqual(
      stream.messages.map((message) => message.event),
      ["cart"],
      "after the stream's first event",
    );
  }
  assert.deepEqual(await controls.faults(), [], "used up");
  const kept = await openRawStream(url);
  t.after(() => kept.close());
  await kept.until((all) => all.some((message) => message.event === "cart"));
  assert.equal(kept.response.complete, false);
  assert.equal(sandbox.sandbox.stats().liveStreams, 1, "the third stream stays open");

  await controls.addFault({ ...DROP, rate: 1 });
  await withDeadline(kept.ended, 3000, "the open stream's cut");
  const refused = await openRawStream(url);
  await withDeadline(refused.ended, 3000, "the new stream's cut");
  await controls.clearFaults();
  const again = await openRawStream(url);
  t.after(() => again.close());
  await again.until((all) => all.some((message) => message.event === "cart"));
  await until(() => sandbox.sandbox.stats().liveStreams === 1, "only the last stream open");
});

test("--drop-stream leaves answers that are not event streams alone, and other routes' streams", async (t) => {
  const sandbox = await startTestSandbox(t, { flags: { sseHeartbeat: "15s" } });
  const controls = new ControlsClient(sandbox.url);
  const stream = await openRawStream(await streamUrl(sandbox));
  t.after(() => stream.close());
  await stream.until((all) => all.some((message) => message.event === "cart"));
  const fault = await controls.addFault({ service: "storefront", route: "* /api/cart/items", dropStream: true });
  assert.equal(fault.fired, 0, "the open stream is not on that route");
  const token = await sandbox.login();
  assert.equal((await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" })).status, 200);
  await stream.until((all) => all.filter((message) => message.event === "cart").length === 2);
  assert.equal((await controls.faults())[0]?.fired, 0);
});
