import assert from "node:assert/strict";
import { test } from "node:test";
import type { Step } from "../../src/scenario/scenario.ts";

// A step's type is read from the scenario schema itself: what a file may write is what the runner's code may read.
// `npm run typecheck` holds the lines marked @ts-expect-error to failing.
const written: Step[] = [
  {
    request: { server: "storefront", method: "POST", path: "/api/cart/items", as: "ada@example.com", body: {} },
    expect: { status: 201, body: { "$.lines.length": 1 } },
    capture: { line: "$.lines[0].id", code: { from: "$headers.location", match: "code=(\\w+)" } },
  },
  { clock: { advance: "25h" } },
  { fault: { add: { service: "wallet", route: "GET /api/wallet/balance", status: 503, times: 1 } } },
  { fault: { clear: true } },
  { waitFor: { stream: "cart", as: "ada@example.com", timeout: 2000 } },
  { journal: { inOrder: true, expect: [{ server: "storefront", status: "2xx", count: 1 }] } },
  {
    say: "Add two bags of ofada rice",
    expect: {
      reply: { not: { contains: "sorry" } },
      calls: [{ method: "POST", path: "/api/agent/cart/*", body: { "$.quantity": 2 }, count: 1 }],
    },
  },
];

// @ts-expect-error: a request has no "pathh"
const misspelt: Step = { request: { server: "storefront", pathh: "/api/products" } };
// @ts-expect-error: no server is called "bank"
const noSuchServer: Step = { request: { server: "bank", path: "/" } };
// @ts-expect-error: a fault's status is a number
const wrongType: Step = { fault: { add: { service: "wallet", route: "* /api/*", status: "503" } } };
// @ts-expect-error: what the user says is text
const sayObject: Step = { say: { text: "hi" } };
// @ts-expect-error: the cart is the only stream to wait for
const otherStream: Step = { waitFor: { stream: "journal", as: "ada@example.com" } };

test("a scenario step's type is the schema's: its fields, their types and their values", () => {
  assert.equal(written.length, 7);
  assert.ok(misspelt && noSuchServer && wrongType && otherStream && sayObject);
});
