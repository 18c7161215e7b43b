import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { answerOf, RequestFailure } from "../../src/client/service-client.ts";
import { defineRoute, json } from "../../src/contracts/route-contract.ts";
import { createMasker } from "../../src/mask.ts";
import { createHttpClient } from "../../src/tui/client/http.ts";
import { TrafficLog } from "../../src/tui/client/traffic.ts";

/** Any JSON object. */
const JSON_OBJECT = { type: "object" } as const;

const SERVICE_TOKEN = "a-service-token-that-must-never-show-up";

/** Contracts of the odd server's routes: any JSON object, or one that must have items. */
const contract = (schema: typeof JSON_OBJECT | typeof ITEMS_SCHEMA) =>
  defineRoute({
    description: "",
    details: "",
    operationId: "odd",
    tag: { name: "", description: "" },
    method: "GET",
    responses: { 200: json("", schema) },
  });
const ITEMS_SCHEMA = { type: "object", required: ["items"], properties: { items: { type: "array" } } } as const;
const ANY_OBJECT = contract(JSON_OBJECT);
const ITEMS = contract(ITEMS_SCHEMA);

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
  const call = (path: string, contract = ANY_OBJECT, options: { token?: string; timeoutMs?: number } = {}) =>
    client.call(contract, { service: "storefront", path, ...options });

  const fine = await call("/fine", ANY_OBJECT, { token: SERVICE_TOKEN });
  assert.equal(fine.kind, "answer");
  assert.deepEqual(fine.kind === "answer" && fine.body, { ok: true, echo: `Bearer ${SERVICE_TOKEN}` });
  // An answer its contract does not describe is a result that says where it departs, never a throw.
  const offContract = await call("/fine", ITEMS, { token: SERVICE_TOKEN });
  assert.equal(offContract.kind, "unexpected");
  assert.equal(
    offContract.kind === "unexpected" && offContract.mismatch,
    "the body must have required property 'items'",
  );
  const offContractFailure = await failure(
    Promise.resolve().then(() => answerOf(offContract, "storefront", "GET /fine")),
  );
  assert.equal(offContractFailure.kind, "off_contract");
  assert.equal(
    offContractFailure.message,
    "The storefront answered GET /fine with 200, which its contract does not allow: the body must have required property 'items'",
  );
  const garbage = await call("/garbage");
  assert.deepEqual(garbage.kind === "unexpected" && [garbage.status, garbage.text, garbage.mismatch], [
    200,
    "<html>not json",
    "the body is not JSON",
  ]);
  // Only this call waits so little: on a loaded machine the others may take longer than 300 ms.
  const slow = await failure(call("/slow", ANY_OBJECT, { timeoutMs: 300 }));
  assert.equal(slow.kind, "timeout");
  assert.equal(slow.message, "The storefront did not answer within 300 ms");
  const refused = await call("/refused");
  assert.deepEqual(refused.kind === "error" && refused.body, { error: "Token expired", code: "token_expired" });
  const refusal = await failure(Promise.resolve().then(() => answerOf(refused, "storefront", "GET /refused")));
  assert.equal(refusal.message, "Token expired (401 token_expired)");
  assert.equal(refusal.code, "token_expired");
  // An error in another shape than the sandbox's, and a proxy's HTML page: unexpected, with what came.
  const oauth = await call("/oauth");
  assert.deepEqual(oauth.kind === "unexpected" && [oauth.status, JSON.parse(oauth.text).error], [400, "invalid_grant"]);
  const html = await call("/html-error");
  assert.deepEqual(html.kind === "unexpected" && [html.status, html.headers.get("content-type"), html.text], [
    502,
    "text/html",
    "<h1>Bad gateway</h1>",
  ]);
  const down = await failure(client.call(ANY_OBJECT, { service: "wallet", path: "/api/wallet/balance" }));
  assert.equal(down.kind, "unreachable");
  assert.equal(down.message, "The wallet does not answer at http://127.0.0.1:9: is the sandbox running?");
  assert.equal((await failure(client.call(ANY_OBJECT, { service: "host", path: "/health" }))).kind, "not_running");

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
  const fineEntry = entries.at(-1)!;
  assert.equal(fineEntry.request.headers.authorization, "Bearer ***");
  assert.equal(fineEntry.size, Buffer.byteLength(JSON.stringify({ ok: true, echo: `Bearer ${SERVICE_TOKEN}` })));
  assert.doesNotMatch(
    JSON.stringify(entries),
    new RegExp(SERVICE_TOKEN),
    "the token shows nowhere, the echoed body included",
  );
});
