import assert from "node:assert/strict";
import { test } from "node:test";
import { spawnCli, startArgs, tempDir } from "../helpers/cli.ts";
import { startInProcess } from "../helpers/in-process.ts";
import { assertErrorShape, MALFORMED_TARGETS, parseAnswer, rawRequest, sendLine } from "../helpers/raw-http.ts";

test("sandbox mcp --http, as a process: every malformed request gets a 4xx in the error shape, and it keeps serving", {
  timeout: 60_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const server = spawnCli(t, ["mcp", "--data-dir", dataDir, "--http", "0"]);
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /MCP \(streamable HTTP\) at (\S+):/.exec(server.stderr());
      if (match || server.exited) {
        clearInterval(timer);
        if (match) resolve(match[1]!);
        else reject(new Error(server.stderr()));
      }
    }, 50);
  });
  const origin = new URL(endpoint).origin;

  // The first of these used to end the process: new URL() threw in the request handler.
  for (const [name, line, status, code] of MALFORMED_TARGETS) {
    assertErrorShape(await sendLine(origin, line.replace("/health", "/mcp")), status, code, name);
  }
  assertErrorShape(await sendLine(origin, "GET /mcp HTTP/1.1", ["Connection: close"]), 400, "bad_request", "no Host");
  const connect = await sendLine(origin, "CONNECT 127.0.0.1:443 HTTP/1.1", ["Host: 127.0.0.1:443"]);
  assertErrorShape(connect, 400, "bad_request", "CONNECT");
  const malformed = parseAnswer(await rawRequest(origin, "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX: a\rb\r\n\r\n"));
  assertErrorShape(malformed, 400, "bad_request", "a CR inside a header");

  assert.equal(server.exited, false, server.stderr());
  const initialize = await fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "test", version: "1.0.0" } },
    }),
  });
  assert.equal(initialize.status, 200, "still serving");
  await initialize.body?.cancel();
  server.kill("SIGTERM");
});
