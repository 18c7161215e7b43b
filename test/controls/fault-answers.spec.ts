import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import type { FaultSpec } from "../../src/contracts/controls/fault.ts";
import { SandboxError } from "../../src/errors.ts";
import { parseAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";
import { errorBody, startTestSandbox } from "../helpers/sandbox.ts";

const quiet = { start: { logError: () => {} } };

test("a 429 fault with Retry-After: a raw client sees the header on the server's own error shape", async (t) => {
  const sandbox = await startTestSandbox(t, quiet);
  const controls = new ControlsClient(sandbox.url);
  const added = await controls.addFault({
    service: "storefront",
    route: "GET /api/products",
    status: 429,
    headers: { "Retry-After": "30", "X-RateLimit-Remaining": "0" },
  });
  assert.deepEqual(added.headers, { "Retry-After": "30", "X-RateLimit-Remaining": "0" });
  const answer = parseAnswer(await rawRequest(sandbox.url, requestText("GET", "/api/products")));
  assert.equal(answer.status, 429);
  assert.equal(answer.reason, "Too Many Requests");
  assert.equal(answer.headers["retry-after"], "30");
  assert.equal(answer.headers["x-ratelimit-remaining"], "0");
  const body = JSON.parse(answer.body) as { code: string };
  assert.equal(body.code, "injected_fault");
});

test("a fault with an HTML body answers that page with its content type, and the journal records it", async (t) => {
  const sandbox = await startTestSandbox(t, quiet);
  const controls = new ControlsClient(sandbox.url);
  const page = "<!doctype html><html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>\n";
  await controls.addFault({
    service: "storefront",
    route: "GET /api/products",
    status: 502,
    body: page,
    contentType: "text/html",
    headers: { Server: "nginx" },
  });
  const answer = parseAnswer(await rawRequest(sandbox.url, requestText("GET", "/api/products?q=rice")));
  assert.equal(answer.status, 502);
  assert.equal(answer.headers["content-type"], "text/html");
  assert.equal(answer.headers.server, "nginx");
  assert.equal(answer.body, page);
  const [entry] = (await controls.journal({ service: "storefront" })).entries.filter(
    (one) => one.path === "/api/products",
  );
  assert.equal(entry?.status, 502);
  assert.equal(entry?.response.headers["content-type"], "text/html");
  assert.equal(entry?.response.headers.server, "nginx");
  assert.match(JSON.stringify(entry?.response.body), /502 Bad Gateway/);
});

test("a JSON body is sent as JSON; truncate cuts it, or without a status the route's own answer", async (t) => {
  const sandbox = await startTestSandbox(t, quiet);
  const controls = new ControlsClient(sandbox.url);
  const token = await sandbox.login();
  const given = { error: { type: "overloaded", message: "try again" } };
  const own = await controls.addFault({
    service: "storefront",
    route: "GET /api/orders",
    status: 503,
    body: given,
    times: 1,
  });
  assert.equal(own.body, JSON.stringify(given));
  assert.equal(own.contentType, "application/json; charset=utf-8");
  // Raw: the test's fetch checks answers against the OpenAPI documents, and these say what no route documents.
  const orders = async () =>
    parseAnswer(await rawRequest(sandbox.url, requestText("GET", "/api/orders", [`Authorization: Bearer ${token}`])));
  const whole = await orders();
  assert.equal(whole.status, 503);
  assert.equal(whole.headers["content-type"], "application/json; charset=utf-8");
  assert.deepEqual(JSON.parse(whole.body), given);

  await controls.addFault({ service: "storefront", route: "GET /api/orders", status: 500, body: given, truncate: 10 });
  const cut = await orders();
  assert.equal(cut.status, 500);
  assert.equal(cut.body, JSON.stringify(given).slice(0, 10));
  await controls.clearFaults();

  const normal = await (await sandbox.as(token, "/api/products")).text();
  await controls.addFault({ service: "storefront", route: "GET /api/products", truncate: 40, times: 1 });
  const raw = parseAnswer(
    await rawRequest(sandbox.url, requestText("GET", "/api/products", [`Authorization: Bearer ${token}`])),
  );
  assert.equal(raw.status, 200, "the route answered; only its body is cut");
  assert.equal(raw.headers["content-type"], "application/json; charset=utf-8");
  assert.equal(raw.body, normal.slice(0, 40));
  assert.throws(() => JSON.parse(raw.body), SyntaxError);

  // The route ran: a truncated answer to a write is a write the client cannot confirm.
  await controls.addFault({ service: "storefront", route: "POST /api/cart/items", truncate: 0, times: 1 });
  const item = JSON.stringify({ product_id: "ofada-rice-5kg" });
  const headers = [`Authorization: Bearer ${token}`, "Content-Type: application/json"];
  const added = parseAnswer(await rawRequest(sandbox.url, requestText("POST", "/api/cart/items", headers, item)));
  assert.equal(added.status, 200);
  assert.equal(added.body, "");
  const again = await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" });
  const cart = (await again.json()) as { items: { quantity: number }[] };
  assert.equal(cart.items[0]?.quantity, 2, "the cut request added its item too");
});

test("a fault's body and headers are refused in the error shape when HTTP or the bounds do not allow them", async (t) => {
  const sandbox = await startTestSandbox(t);
  const controls = new ControlsClient(sandbox.url);
  const base = { service: "storefront", route: "GET /api/products", status: 503 };
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ ...base, body: "x".repeat(64 * 1024 + 1) }, "body", /at most 64 KiB \(65536 bytes as UTF-8\); got 65537 bytes/],
    [{ ...base, body: "é".repeat(32 * 1024 + 1) }, "body", /got 65538 bytes/],
    [{ ...base, headers: { "Retry-After": "30\r\nSet-Cookie: x=1" } }, "headers", /without line breaks/],
    [{ ...base, headers: { "Retry After": "30" } }, "headers", /not one HTTP allows/],
    [{ ...base, headers: { "retry-after": "1", "Retry-After": "2" } }, "headers", /comes twice/],
    [{ ...base, headers: { "Retry-After": 30 } }, "headers", /must be text/],
    [{ ...base, headers: ["Retry-After: 30"] }, "headers", /must be an object/],
    [{ ...base, headers: { "Content-Length": "5" } }, "headers", /Content-Length describes the connection/],
    [{ ...base, headers: { "Transfer-Encoding": "chunked" } }, "headers", /describes the connection/],
    [{ ...base, headers: { Connection: "close" } }, "headers", /describes the connection/],
    [{ ...base, headers: { "Content-Type": "text/html" } }, "headers", /as "contentType"/],
    [{ ...base, body: "<p>", contentType: "html" }, "contentType", /a media type/],
    [{ ...base, contentType: "text/html" }, "contentType", /give the body too/],
    [{ ...base, status: undefined, body: "<p>" }, "body", /give the "status" it comes with/],
    [{ ...base, status: undefined, delay: "1s", headers: { "Retry-After": "1" } }, "headers", /"status"/],
    [{ ...base, truncate: 10 }, "truncate", /give a body, or leave out the status/],
    [{ ...base, body: "{}", truncate: -1 }, "truncate", /whole number of bytes/],
    [
      { service: "storefront", route: "GET /api/cart/stream", dropStream: true, truncate: 3 },
      "truncate",
      /no truncate/,
    ],
  ];
  for (const [body, field, message] of cases) {
    await assert.rejects(
      controls.addFault(body as unknown as FaultSpec),
      (error: unknown) => {
        assert.ok(error instanceof SandboxError, String(error));
        assert.equal(error.status, 400);
        assert.equal(error.code, "validation_error");
        assert.deepEqual(error.details, { field });
        assert.match(error.message, message);
        return true;
      },
      JSON.stringify(body).slice(0, 120),
    );
  }
  // Over HTTP, as any client sends it.
  const refused = await fetch(`${sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...base, headers: { "X-A": "1\n2" } }),
  });
  assert.equal(refused.status, 400);
  assert.equal((await errorBody(refused)).code, "validation_error");
  assert.deepEqual(await controls.faults(), []);
});
