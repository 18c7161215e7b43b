import assert from "node:assert/strict";
import { Agent, get } from "node:http";
import type { Socket } from "node:net";
import { test } from "node:test";
import { startServers } from "../../src/runtime/sandbox.ts";
import { tempDir as cliTempDir, lines, login, startArgs, startCli, stopCli } from "../helpers/cli.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";
import { ADA, tempDir, testConfig } from "../helpers/sandbox.ts";
import { openRawStream, type RawStream } from "../helpers/sse.ts";

/** A connection kept alive after one answered request, as browsers and HTTP clients keep them; resolves with its socket. */
function keepAliveConnection(url: string): Promise<Socket> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const request = get(`${url}/health`, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(request.socket!));
    });
    request.on("error", reject);
  });
}

/** What a developer's browser holds open: a cart stream and an idle keep-alive connection to every server. */
async function openClients(urls: string[], token: string): Promise<{ stream: RawStream; sockets: Socket[] }> {
  const stream = await openRawStream(`${urls[0]}/api/cart/stream?access_token=${token}`);
  await stream.until((messages) => messages.some((message) => message.event === "cart"));
  return { stream, sockets: await Promise.all(urls.map(keepAliveConnection)) };
}

// How long each takes is `npm run bench`'s ("Endings"): here, that nothing is left to wait for.
test("close() ends event streams and idle keep-alive connections at once, without its grace for requests in flight", async (t) => {
  // Timers that never move: a close that waited for its grace would never end.
  const timers = new ManualTimers();
  const config = await testConfig(await tempDir(t), { only: "storefront,wallet,host" });
  const sandbox = await startServers(config, { timers });
  const urls = sandbox.services.map((service) => service.url);
  const response = await fetch(`${urls[0]}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADA),
  });
  const { stream, sockets } = await openClients(urls, ((await response.json()) as { token: string }).token);
  const socketsClosed = Promise.all(
    sockets.map(
      (socket) => new Promise((resolve) => (socket.destroyed ? resolve(null) : socket.once("close", resolve))),
    ),
  );

  await withDeadline(sandbox.close(), 10_000, "close()");
  await stream.ended;
  await socketsClosed;
});

test("SIGTERM with a stream and keep-alive connections open: exit 0, stopped", {
  timeout: 30_000,
}, async (t) => {
  const { cli, url } = await startCli(t, startArgs(await cliTempDir(t), "--only", "storefront"));
  const { stream } = await openClients([url], await login(url));

  const result = await stopCli(cli, "SIGTERM");
  assert.equal(result.code, 0);
  assert.equal(lines(result.stdout).at(-1), "Stopped.");
  await stream.ended;
});
