import assert from "node:assert/strict";
import { test } from "node:test";
import { isAlive } from "../../src/sandbox-lock.ts";
import { mcpEndpoint } from "../helpers/agent.ts";
import { groupMembers, spawnCli, startArgs, stopCli, tempDir } from "../helpers/cli.ts";
import { startInProcess } from "../helpers/in-process.ts";
import { until } from "../helpers/poll.ts";
import { assertErrorShape, MALFORMED_TARGETS, parseAnswer, rawRequest, sendLine } from "../helpers/raw-http.ts";

test("sandbox mcp --http, as a process: every malformed request gets a 4xx in the error shape, and it keeps serving", {
  timeout: 60_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const server = spawnCli(t, ["mcp", "--data-dir", dataDir, "--http", "0"]);
  const endpoint = await mcpEndpoint(server);
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
  const exit = await stopCli(server, "SIGTERM");
  assert.deepEqual([exit.code, exit.signal], [0, null], "it closes and exits by itself, not killed by the signal");
  assert.match(exit.stderr, /^SIGTERM received: stopping the MCP server\.$/m);
});

test("sandbox mcp --http started through npx stops when npx goes away: npx does not pass a SIGTERM on, and the `sh` between them outlives a SIGKILL", {
  timeout: 120_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    await t.test(signal, async (t) => {
      const npx = spawnCli(t, ["mcp", "--data-dir", dataDir, "--http", "0"], { viaNpx: true });
      const endpoint = await mcpEndpoint(npx);
      // The node process that serves, below npx (and the `sh` it may run the command in).
      const [mcp, ...others] = groupMembers(npx.pid).filter(
        ({ pid, command }) => pid !== npx.pid && /(^|\/)node$/.test(command[0] ?? "") && command.includes("mcp"),
      );
      assert.ok(mcp && others.length === 0, `one MCP server under npx: ${JSON.stringify(groupMembers(npx.pid))}`);
      npx.kill(signal);
      await until(() => !isAlive(mcp.pid), `the MCP server (pid ${mcp.pid}) exited once npx was sent ${signal}`, {
        timeoutMs: 10_000,
      });
      await assert.rejects(fetch(endpoint, { method: "POST" }), "nothing listens on its port any more");
    });
  }
});
