import assert from "node:assert/strict";
import { connect } from "node:net";
import { test } from "node:test";
import { startTestSandbox } from "../helpers/sandbox.ts";

/** The clients' time limits made short (the default gives a client 10 s for its headers), checked often. */
const HEADERS_MS = 300;
const CHECK_EVERY_MS = 50;

test("a client that trickles its headers is answered 408 request_timeout and cut once they are overdue", async (t) => {
  const { url, fetch } = await startTestSandbox(t, {
    start: { clientTimeouts: { headersMs: HEADERS_MS, checkEveryMs: CHECK_EVERY_MS } },
  });
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  t.after(() => socket.destroy());
  const started = performance.now();
  // A byte each check: never idle, never done.
  const request = `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${"a".repeat(100)}`;
  let sent = 0;
  const trickle = setInterval(() => socket.write(request[sent++ % request.length]!), CHECK_EVERY_MS);
  t.after(() => clearInterval(trickle));

  let answer = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => (answer += chunk));
  await new Promise((resolve) => socket.once("close", resolve));
  const elapsed = performance.now() - started;

  assert.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/);
  assert.equal((JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { code: string }).code, "request_timeout");
  assert.ok(elapsed >= HEADERS_MS, `cut after ${Math.round(elapsed)} ms, before the headers timeout`);
  assert.equal((await fetch("/health")).status, 200, "the server still answers");
});
