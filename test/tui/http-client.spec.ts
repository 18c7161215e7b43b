import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { JSON_OBJECT } from "../../src/client/answer.ts";
import { RequestFailure } from "../../src/client/service-client.ts";
import { createMasker } from "../../src/mask.ts";
import { createHttpClient } from "../../src/tui/client/http.ts";
import { TrafficLog } from "../../src/tui/client/traffic.ts";

const SERVICE_TOKEN = "a-service-token-that-must-never-show-up";

/** A server that answers each path as the test needs: garbage, never (/slow), in the error shape. */
async function oddServer(t: { after(fn: () => unknown): void }): Promise<string> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === "/garbage")
      return response.writeHead(200, { "content-type": "application/json" }).end("<html>not json");
    // Held until the client gives up (or the test ends and cuts it): no timer keeps the process after the test.
    if (request.url === "/slow") return;
    if (request.url === "/refused")
      return response
        .writeHead(401, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "Token expired", code: "token_expired" }));
    if (request.url === "/oauth")
      return response
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "invalid_grant", error_description: "The code was used" }));
    if (request.url === "/html-error")
      return response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ ok: true, echo: request.headers.authorization }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test("the UI's HTTP client: one line for every way a server fails, and every exchange in the traffic log with its secrets masked", async (t) => {
  const url = await oddServer(t);
  const traffic = new TrafficLog();
  const client = createHttpClient({
    urls: { storefront: url, wallet: "http://127.0.0.1:9" },
    traffic,
    masker: createMasker([SERVICE_TOKEN]),
  });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => assert.fail("expected a RequestFailure"),
      (error: unknown) => {
        assert.ok(error instanceof RequestFailure, String(error));
        return error;
      },
    );

  assert.deepEqual(await client.call("storefront", "/fine", JSON_OBJECT, { token: SERVICE_TOKEN }), {
    ok: true,
    echo: `Bearer ${SERVICE_TOKEN}`,
  });
  const offContract = await failure(
    client.call(
      "storefront",
      "/fine",
      { type: "object", required: ["items"], properties: { items: { type: "array" } } },
      { token: SERVICE_TOKEN },
    ),
  );
  assert.equal(offContract.kind, "off_contract");
  assert.equal(
    offContract.message,
    "The storefront answered GET /fine with a body its contract does not allow: the body must have required property 'items'",
  );
  const garbage = await failure(client.call("storefront", "/garbage", JSON_OBJECT));
  assert.equal(garbage.kind, "not_json");
  assert.equal(garbage.message, "The storefront answered 200 with something that is not JSON");
  // Only this call waits so little: on a loaded machine the others may take longer than 300 ms.
  const slow = await failure(client.call("storefront", "/slow", JSON_OBJECT, { timeoutMs: 300 }));
  assert.equal(slow.kind, "timeout");
  assert.equal(slow.message, "The storefront did not answer within 300 ms");
  const refused = await failure(client.call("storefront", "/refused", JSON_OBJECT));
  assert.equal(refused.message, "Token expired (401 token_expired)");
  assert.equal(refused.code, "token_expired");
  assert.equal(
    (await failure(client.call("storefront", "/oauth", JSON_OBJECT))).message,
    "The code was used (400 invalid_grant)",
  );
  assert.equal(
    (await failure(client.call("storefront", "/html-error", JSON_OBJECT))).message,
    "The storefront answered 502 with something that is not JSON",
  );
  const down = await failure(client.call("wallet", "/api/wallet/balance", JSON_OBJECT));
  assert.equal(down.kind, "unreachable");
  assert.equal(down.message, "The wallet does not answer at http://127.0.0.1:9: is the sandbox running?");
  assert.equal((await failure(client.call("host", "/health", JSON_OBJECT))).kind, "not_running");

  const entries = traffic.entries;
  assert.deepEqual(
    entries.map((entry) => `${entry.method} ${new URL(entry.url).pathname} ${entry.status ?? entry.error}`),
    [
      "GET /api/wallet/balance no answer: connection failed",
      "GET /html-error 502",
      "GET /oauth 400",
      "GET /refused 401",
      "GET /slow no answer in time",
      "GET /garbage 200",
      "GET /fine 200",
      "GET /fine 200",
    ],
    "newest first; a request with no answer says why",
  );
  const fine = entries.at(-1)!;
  assert.equal(fine.request.headers.authorization, "Bearer ***");
  assert.equal(fine.size, Buffer.byteLength(JSON.stringify({ ok: true, echo: `Bearer ${SERVICE_TOKEN}` })));
  assert.doesNotMatch(
    JSON.stringify(entries),
    new RegExp(SERVICE_TOKEN),
    "the token shows nowhere, the echoed body included",
  );
});
