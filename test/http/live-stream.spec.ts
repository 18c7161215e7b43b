// A live event stream handed Node's response writes its events there directly once the server
// has sent the head and read what was queued: here the server's part (srvx reads the stream and
// writes each chunk to the response) is played by a reader, to check the order of what leaves.
import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { createClock } from "../../src/clock.ts";
import { type NodeResponse, openLiveStream, streamCutOf } from "../../src/http/sse.ts";

/** What reached the client, in order, as text; `writableLength` plays bytes the socket has not taken yet. */
function fakeResponse(): NodeResponse & { sent: string[]; headersSent: boolean; writableLength: number } {
  return {
    headersSent: false,
    writableLength: 0,
    sent: [],
    write(chunk: Uint8Array) {
      this.sent.push(Buffer.from(chunk).toString());
      return true;
    },
  };
}

/** srvx's part: write the head, then each chunk read to the response, until the stream ends. */
async function serveBody(response: Response, node: ReturnType<typeof fakeResponse>): Promise<"ended" | "errored"> {
  node.headersSent = true;
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return "ended";
      node.write(value);
    }
  } catch {
    return "errored";
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** How the server's reading ended, or "still open" after a second (a failure, not a hang). */
const within = (served: Promise<string>) =>
  Promise.race([served, new Promise((resolve) => setTimeout(resolve, 1000, "still open").unref())]);
const eventIds = (sent: string[]) => sent.join("").match(/^id: .*$/gm);

/** A stream that is closed when the test ends, whatever happened (its heartbeat would keep the process). */
function open(t: TestContext, node: NodeResponse, maxBufferedBytes?: number) {
  const stream = openLiveStream({
    first: { event: "cart", id: "1", data: { n: 1 } },
    clock: createClock(),
    heartbeatMs: 60_000,
    node,
    maxBufferedBytes,
  });
  t.after(() => stream.close());
  return stream;
}

test("events sent before the server reads go through the stream, later ones straight to the response, in order", async (t) => {
  const node = fakeResponse();
  const stream = open(t, node);
  assert.equal(stream.send({ event: "cart", id: "2", data: { n: 2 } }), true);
  const served = serveBody(stream.response, node);
  await tick();
  assert.deepEqual(eventIds(node.sent), ["id: 1", "id: 2"]);
  // The reader waits with nothing queued: a send is on the response at once, not a promise later.
  stream.send({ event: "cart", id: "3", data: { n: 3 } });
  assert.deepEqual(eventIds(node.sent), ["id: 1", "id: 2", "id: 3"]);
  stream.close();
  assert.equal(await served, "ended");
  assert.equal(stream.send({ event: "cart", id: "4", data: { n: 4 } }), false, "a closed stream takes no more events");
});

test("a client that lets bytes pile up on the response is dropped: the server sees an error and cuts the connection", async (t) => {
  const node = fakeResponse();
  const stream = open(t, node, 1024);
  let closed = false;
  stream.onClose(() => (closed = true));
  const served = serveBody(stream.response, node);
  await tick();
  node.writableLength = 2048;
  assert.equal(stream.send({ event: "cart", id: "2", data: { n: 2 } }), false);
  assert.equal(await within(served), "errored");
  assert.equal(closed, true);
});

test("a fault that cuts the stream once it opened lets the opening event out first", async (t) => {
  const node = fakeResponse();
  const stream = open(t, node);
  streamCutOf(stream.response)!.cutAfterOpen();
  assert.equal(await within(serveBody(stream.response, node)), "errored");
  assert.deepEqual(eventIds(node.sent), ["id: 1"]);
});

test("without Node's response (a request made in-process) every event goes through the stream", async () => {
  const stream = openLiveStream({
    first: { event: "cart", id: "1", data: {} },
    clock: createClock(),
    heartbeatMs: 60_000,
  });
  const reader = stream.response.body!.getReader();
  const texts: string[] = [];
  const read = async () => texts.push(Buffer.from((await reader.read()).value!).toString());
  await read();
  stream.send({ event: "cart", id: "2", data: {} });
  await read();
  assert.deepEqual(eventIds(texts), ["id: 1", "id: 2"]);
  stream.close();
  assert.equal((await reader.read()).done, true);
});
