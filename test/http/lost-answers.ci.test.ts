// 200 requests per server and case, where the probe lost answers: too long for `npm test`'s budget,
// run by `npm run test:ci`. lost-answers.spec.ts has a few of each in the normal suite.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startServers } from "../../src/runtime/sandbox.ts";
import { asyncPosts, jsonPost, mcpCallWait, postWithNode, startMcpHttp } from "../helpers/async-posts.ts";
import { sendBigBody } from "../helpers/big-body.ts";
import { closeWhenDone } from "../helpers/deadline.ts";
import { halfClosedRequest } from "../helpers/raw-http.ts";
import { tempDir, testConfig } from "../helpers/sandbox.ts";

const ROUNDS = 200;
/** Requests in flight at once: the probe's clients sent them side by side. */
const AT_ONCE = 10;
const MIB = 1024 * 1024;

/** Sends `ROUNDS` requests, `AT_ONCE` at a time, and tallies what each ended with. */
async function tally<T>(send: () => Promise<T>): Promise<Map<T, number>> {
  const counts = new Map<T, number>();
  for (let sent = 0; sent < ROUNDS; sent += AT_ONCE) {
    for (const outcome of await Promise.all(Array.from({ length: AT_ONCE }, send)))
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  return counts;
}

async function startAll(t: { after(fn: () => unknown): void }) {
  const sandbox = await startServers(await testConfig(await tempDir(t), { only: "storefront,wallet,host" }));
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  return sandbox;
}

const statusLine = (answer: string) => answer.slice(0, answer.indexOf("\r\n")) || "no answer";

test("200 clients that half-close after their whole request each get their answer, on all four servers", {
  timeout: 300_000,
}, async (t) => {
  const sandbox = await startAll(t);
  const mcp = await startMcpHttp(t);
  const cases = [
    ...asyncPosts(sandbox.urls).map(({ name, url, path, body }) => ({
      name,
      url,
      request: (connection: "close" | "keep-alive") => jsonPost(path, body, connection),
    })),
    { name: "mcp --http", url: mcp.url, request: mcpCallWait },
  ];
  for (const { name, url, request } of cases) {
    for (const connection of ["close", "keep-alive"] as const) {
      const text = request(connection);
      const outcomes = await tally(async () => statusLine(await halfClosedRequest(url, text)));
      assert.deepEqual([...outcomes], [["HTTP/1.1 200 OK", ROUNDS]], `${name}, ${connection}`);
    }
  }
});

/**
 * What a raw upload of `size` bytes to `url` (path included) with Connection: close ended with: its
 * status and whether the server reset it (EPIPE, ECONNRESET) before the client had sent its body
 * and read the answer. Node's client, above, reads the answer even through a reset on some machines.
 */
async function uploadOutcome(url: string, size: number): Promise<string> {
  const { origin, pathname } = new URL(url);
  const head = [
    `POST ${pathname} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    `Accept: ${ACCEPT}`,
    "Connection: close",
  ];
  const upload = await sendBigBody(origin, head, size);
  return `${statusLine(upload.answer)}, ${upload.error ?? "no reset"}`;
}

/** What MCP's transport requires of a POST; the services take it too. */
const ACCEPT = "application/json, text/event-stream";

test("200 bodies over the limit sent with Connection: close each get their 413 (2 MiB, 8 MiB), on all four servers", {
  timeout: 300_000,
}, async (t) => {
  const sandbox = await startAll(t);
  const mcp = await startMcpHttp(t);
  const targets = [
    ...asyncPosts(sandbox.urls).map(({ name, url, path }) => ({
      name,
      url: `${url}${path}`,
      sizes: [2 * MIB, 8 * MIB],
    })),
    // Its transport takes 4 MiB: a 2 MiB body would be read whole, and refused as JSON.
    { name: "mcp --http", url: mcp.url, sizes: [8 * MIB] },
  ];
  for (const { name, url, sizes } of targets) {
    for (const size of sizes) {
      const outcomes = await tally(() => postWithNode(url, size, { accept: ACCEPT }));
      assert.deepEqual([...outcomes], [[413, ROUNDS]], `${name}, ${size / MIB} MiB, Node's client`);
    }
    const uploads = await tally(() => uploadOutcome(url, 8 * MIB));
    assert.deepEqual([...uploads], [["HTTP/1.1 413 Payload Too Large, no reset", ROUNDS]], `${name}, uploads`);
  }
});

test("200 imports of 9 MiB each get their 413, on every server", { timeout: 300_000 }, async (t) => {
  const sandbox = await startAll(t);
  for (const [name, url] of Object.entries(sandbox.urls)) {
    const outcomes = await tally(() => postWithNode(`${url}/__sandbox/import`, 9 * MIB));
    assert.deepEqual([...outcomes], [[413, ROUNDS]], `${name}, Node's client`);
    const uploads = await tally(() => uploadOutcome(`${url}/__sandbox/import`, 9 * MIB));
    assert.deepEqual([...uploads], [["HTTP/1.1 413 Payload Too Large, no reset", ROUNDS]], `${name}, uploads`);
  }
});
