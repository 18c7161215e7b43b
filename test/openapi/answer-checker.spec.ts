import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";
import type { OpenApiDocument } from "../../src/openapi/document.ts";
import { closeServer } from "../helpers/deadline.ts";
import { type Answer, AnswerChecker, checkAnswers } from "../helpers/openapi.ts";
import { startTestSandbox } from "../helpers/sandbox.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const PRODUCT = {
  id: "ofada-rice-5kg",
  category: "Grains & Staples",
  name: "Ofada Rice",
  image: "https://images.example.com/a.jpg",
  price: "₦19,000 - ₦24,000",
  description: "5 kg bag",
  season: "In Season",
};

test("the answer checker holds an answer to its server's document: shape, status, media type, error texts", async (t) => {
  const { url } = await startTestSandbox(t);
  const checker = new AnswerChecker((await (await fetch(`${url}/openapi.json`)).json()) as OpenApiDocument);
  const answer = (
    method: string,
    path: string,
    status: number,
    body?: unknown,
    contentType: string | null = JSON_TYPE,
  ): Answer => ({ method, url: `${url}${path}`, status, contentType, body });
  const cases: [string, Answer, RegExp | null][] = [
    ["the documented shape", answer("GET", "/api/products", 200, { items: [PRODUCT] }), null],
    [
      "a missing field",
      answer("GET", "/api/products", 200, { items: [{ ...PRODUCT, season: undefined }] }),
      /must have required property 'season'/,
    ],
    [
      "a field the document does not name",
      answer("GET", "/api/products", 200, { items: [], total: 1 }),
      /unevaluated properties \(total\)/,
    ],
    [
      "a field of another type",
      answer("GET", "/api/products", 200, { items: [{ ...PRODUCT, price: 19000 }] }),
      /\/items\/0\/price must be string/,
    ],
    [
      "a status the route does not answer",
      answer("GET", "/api/products", 418, { error: "I'm a teapot", code: "teapot" }),
      /status is not documented/,
    ],
    [
      "a media type the response does not have",
      answer("GET", "/api/products", 200, undefined, "text/html"),
      /Content-Type text\/html is not documented/,
    ],
    [
      "a documented error text",
      answer("GET", "/api/products", 401, { error: "The token has expired: log in again", code: "token_expired" }),
      null,
    ],
    [
      "a documented text with its parts filled in",
      answer("POST", "/api/cart/items", 404, {
        error: 'No product with id "nope": GET /api/products lists the ids',
        code: "product_not_found",
      }),
      null,
    ],
    [
      "an error text the document does not have",
      answer("GET", "/api/products", 401, { error: "Go away", code: "invalid_token" }),
      /is none of the documented ones/,
    ],
    [
      "a documented text under another code",
      answer("GET", "/api/products", 401, { error: "The token has expired: log in again", code: "invalid_token" }),
      /is none of the documented ones/,
    ],
    [
      "a sandbox fault, whatever its status",
      answer("GET", "/api/products", 429, {
        error: "Injected fault f1: GET /api/products on the storefront answers 429 (a sandbox fault)",
        code: "injected_fault",
        details: { faultId: "f1" },
      }),
      null,
    ],
    [
      "a path no route has: the error shape",
      answer("GET", "/nope", 404, { error: "No route for GET /nope", code: "not_found" }),
      null,
    ],
    [
      "a path no route has, in another shape",
      answer("GET", "/nope", 404, { message: "not found" }),
      /must have required property 'error'/,
    ],
    ["a templated path", answer("GET", "/api/agent/orders", 200, { orders: [] }), null],
  ];
  for (const [name, given, expected] of cases) {
    await t.test(name, () => {
      const problems = checker.problems(given).join("\n");
      if (expected === null) assert.equal(problems, "");
      else assert.match(problems, expected);
    });
  }
});

test("an answer whose shape differs from the document fails the test's fetch, with what differs", async (t) => {
  // A storefront that answers the catalog in another shape, as one whose code changed without its document would.
  const changed = createServer((request, response) => {
    const body = request.url === "/api/products" ? { items: [{ ...PRODUCT, price: 19000 }] } : { orders: [] };
    response.writeHead(200, { "content-type": JSON_TYPE }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => changed.listen(0, "127.0.0.1", resolve));
  t.after(() => closeServer(changed));
  const url = `http://127.0.0.1:${(changed.address() as { port: number }).port}`;
  await checkAnswers(t, { storefront: url });
  await assert.rejects(fetch(`${url}/api/products`), /GET \/api\/products → 200: \/items\/0\/price must be string/);
  assert.equal((await fetch(`${url}/api/orders`)).status, 200, "an answer as documented goes through");
});
