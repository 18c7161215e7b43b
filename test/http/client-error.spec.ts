import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";
import { answerClientError } from "../../src/http/client-error.ts";
import { parseAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";
import { startTestSandbox } from "../helpers/sandbox.ts";

test("headers larger than Node takes are 431 in the error shape", async (t) => {
  const sandbox = await startTestSandbox(t);
  const answer = parseAnswer(
    await rawRequest(sandbox.url, requestText("GET", "/health", [`X-Big: ${"a".repeat(20_000)}`])),
  );
  assert.equal(answer.status, 431);
  assert.equal(answer.reason, "Request Header Fields Too Large");
  assert.equal(answer.headers["content-type"], "application/json; charset=utf-8");
  assert.equal(answer.headers["x-content-type-options"], "nosniff");
  assert.equal(JSON.parse(answer.body).code, "request_header_fields_too_large");
});

test("headers that never finish are 408 in the error shape", async (t) => {
  // The sandbox waits Node's 60 s for headers; a server with the same handler and a short wait shows the answer.
  const server = createServer({ headersTimeout: 200, requestTimeout: 400, connectionsCheckingInterval: 50 }, (_, res) =>
    res.end(),
  );
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  const answer = parseAnswer(
    await rawRequest(
      `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n",
    ),
  );
  assert.equal(answer.status, 408);
  assert.equal(answer.reason, "Request Timeout");
  assert.equal(JSON.parse(answer.body).code, "request_timeout");
});
