import assert from "node:assert/strict";
import { connect } from "node:net";
import { test } from "node:test";
import { LINGER_BYTES } from "../../src/http/lingering-close.ts";
import { startServers } from "../../src/runtime/sandbox.ts";
import { asyncPosts, jsonPost, mcpCallWait, startMcpHttp } from "../helpers/async-posts.ts";
import { lingeringClient, sendBigBody, type Upload } from "../helpers/big-body.ts";
import { closeWhenDone, withDeadline } from "../helpers/deadline.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";
import { until } from "../helpers/poll.ts";
import { assertErrorShape, halfClosedRequest, parseAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";
import { ADA, startTestSandbox, tempDir, testConfig } from "../helpers/sandbox.ts";

const MIB = 1024 * 1024;
const LOGIN = JSON.stringify({ email: ADA.email, password: ADA.password });

/** The upload was answered `status` in full, and the server read the whole body without a reset, having half-closed first. */
function assertLingered(upload: Upload, size: number, status: number, name: string): void {
  const answer = parseAnswer(upload.answer);
  assert.equal(answer.status, status, `${name}: ${upload.answer.slice(0, 200)}`);
  assert.equal(answer.headers.connection, "close", name);
  assert.equal(upload.error, undefined, `${name}: the server reset the connection`);
  assert.equal(upload.sent, size, `${name}: the whole body was sent`);
  assert.ok(upload.halfClosedEarly, `${name}: the server half-closed before the body's end`);
}

test("a client that half-closes after its whole request gets every answer, on each server, and each write once", async (t) => {
  const sandbox = await startServers(await testConfig(await tempDir(t), { only: "storefront,wallet,host" }));
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  for (const { name, url, path, body } of asyncPosts(sandbox.urls)) {
    for (const connection of ["close", "keep-alive"] as const) {
      const answer = parseAnswer(await halfClosedRequest(url, jsonPost(path, body, connection)));
      assert.equal(answer.status, 200, `${name}, ${connection}: ${answer.body}`);
    }
  }

  // A cart add the client never heard of would be sent again: each one answered is each one made.
  const storefront = sandbox.urls.storefront!;
  const { token } = JSON.parse(
    parseAnswer(await rawRequest(storefront, jsonPost("/api/auth/login", LOGIN, "close"))).body,
  );
  const add = jsonPost("/api/cart/items", JSON.stringify({ product_id: "ofada-rice-5kg" }), "keep-alive", token);
  const answers = await Promise.all([1, 2, 3].map(() => halfClosedRequest(storefront, add)));
  assert.deepEqual(
    answers.map((answer) => parseAnswer(answer).status),
    [200, 200, 200],
  );
  const fourth = parseAnswer(await rawRequest(storefront, add.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n")));
  const { items } = JSON.parse(fourth.body) as { items: { id: string; quantity: number }[] };
  assert.deepEqual(
    items.map((item) => [item.id, item.quantity]),
    [["ofada-rice-5kg", 4]],
  );
});

test("a live stream whose client half-closes ends at once, with what it sent, and frees its slot", async (t) => {
  const { sandbox, url, login } = await startTestSandbox(t);
  const token = await login();
  const { hostname, port } = new URL(url);
  const head = `GET /api/cart/stream?access_token=${token} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`;
  const client = connect(Number(port), hostname, () => client.write(head));
  let text = "";
  let closed = false;
  client.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
  client.on("close", () => (closed = true));
  await until(() => text.includes("event: cart"), "the stream's first event");
  assert.equal(sandbox.stats().liveStreams, 1);

  client.end();
  // The stream's heartbeat (100 ms here) would keep a stream that ignored the FIN going, and the client reading it.
  await until(() => closed, "the end of the stream and of its connection");
  assert.ok(text.endsWith("0\r\n\r\n"), "the stream ended cleanly, its last chunk sent");
  assert.equal(sandbox.stats().liveStreams, 0);
});

test("sandbox mcp --http answers a client that half-closes", async (t) => {
  const { url } = await startMcpHttp(t);
  for (const connection of ["close", "keep-alive"] as const) {
    const answer = parseAnswer(await halfClosedRequest(url, mcpCallWait(connection)));
    assert.equal(answer.status, 200, answer.body);
    assert.match(answer.body, /no sandbox in this test/);
  }
});

test("a body over the limit is refused at once, the connection half-closed, and the rest read before the close", async (t) => {
  const sandbox = await startServers(await testConfig(await tempDir(t), { only: "storefront,wallet,host" }));
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  const storefront = sandbox.urls.storefront!;
  const login = ["POST /api/auth/login HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"];
  for (const [name, head, options] of [
    ["Connection: close", [...login, "Connection: close"], {}],
    ["kept alive", login, {}],
    ["chunked, refused once past the limit", [...login, "Connection: close"], { chunked: true }],
  ] as const) {
    const upload = await sendBigBody(storefront, [...head], 8 * MIB, options);
    assertLingered(upload, 8 * MIB, 413, name);
    assertErrorShape(parseAnswer(upload.answer), 413, "payload_too_large", name);
  }
  // An import over its 8 MiB, on every server.
  for (const url of Object.values(sandbox.urls)) {
    const head = ["POST /__sandbox/import HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"];
    assertLingered(await sendBigBody(url!, [...head, "Connection: close"], 9 * MIB), 9 * MIB, 413, `import on ${url}`);
  }
});

test("sandbox mcp --http refuses a body over its limit without losing the answer", async (t) => {
  const { url } = await startMcpHttp(t);
  const head = ["POST /mcp HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json", "Connection: close"];
  const upload = await sendBigBody(url, [...head, "Accept: application/json, text/event-stream"], 8 * MIB);
  assertLingered(upload, 8 * MIB, 413, "mcp");
});

test("the lingering close reads at most LINGER_BYTES: a client that sends more is cut, having read its answer", async (t) => {
  const { url } = await startTestSandbox(t);
  const head = ["POST /api/auth/login HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"];
  const size = 4 * LINGER_BYTES;
  const upload = await sendBigBody(url, [...head, "Connection: close"], size);
  assert.equal(parseAnswer(upload.answer).status, 413);
  assert.ok(upload.sent < size, `the server read all of ${size} bytes`);
});

test("a client that sends no more of its body is cut at the request's time limit", async (t) => {
  const { url } = await startTestSandbox(t, {
    start: { clientTimeouts: { headersMs: 200, requestMs: 400, checkEveryMs: 50 } },
  });
  const client = await lingeringClient(url, "/api/auth/login");
  assert.equal(parseAnswer(client.answer).status, 413);
  await until(() => client.isClosed, "the lingering connection's close");
});

test("a lingering connection counts toward --max-connections, and close() cuts it", async (t) => {
  const timers = new ManualTimers();
  const config = await testConfig(await tempDir(t), { maxConnections: 1 });
  const sandbox = await startServers(config, { timers });
  let closed = false;
  closeWhenDone(t, "sandbox.close()", async () => closed || (await sandbox.close()));
  const url = sandbox.urls.storefront!;

  // The one connection the server keeps is the lingering one: a newcomer makes room by closing it.
  const first = await lingeringClient(url, "/api/auth/login");
  assert.equal(parseAnswer(first.answer).status, 413);
  const health = await rawRequest(url, requestText("GET", "/health"));
  assert.equal(parseAnswer(health).status, 200);
  await until(() => first.isClosed, "the lingering connection's close, to make room");

  // At close(), it is cut at once: the timers never move, so a close that waited for it would never end.
  const second = await lingeringClient(url, "/api/auth/login");
  closed = true;
  await withDeadline(sandbox.close(), 5_000, "close() with a lingering connection");
  await second.closed;
});

/**
 * Sends a login's headers with `Expect: 100-continue` and the Content-Length given, and its body
 * only once `100 Continue` has come; returns everything answered up to the server's close.
 */
function loginExpectingContinue(url: string, length: number): Promise<string> {
  const { hostname, port } = new URL(url);
  const head = [
    "POST /api/auth/login HTTP/1.1",
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    `Content-Length: ${length}`,
    "Expect: 100-continue",
    "Connection: close",
  ];
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head.join("\r\n")}\r\n\r\n`));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (answer === "HTTP/1.1 100 Continue\r\n\r\n") socket.write(LOGIN);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
  });
}

test("Expect: 100-continue: a Content-Length over the limit gets the 413 at once, one within it 100 Continue", async (t) => {
  const { url } = await startTestSandbox(t);
  const refused = await loginExpectingContinue(url, 2 * MIB);
  assertErrorShape(parseAnswer(refused), 413, "payload_too_large", "over the limit, without 100 Continue");

  const taken = await loginExpectingContinue(url, Buffer.byteLength(LOGIN));
  assert.ok(taken.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), taken);
  assert.equal(parseAnswer(taken.slice(taken.indexOf("\r\n\r\n") + 4)).status, 200);
});
