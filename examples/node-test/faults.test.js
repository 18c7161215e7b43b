import assert from "node:assert/strict";
import { test } from "node:test";
import { startFileSandbox } from "./sandbox.js";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";
const sandbox = await startFileSandbox();

test("a fault fails the agent's write once, and the retry lands", async () => {
  const agent = await sandbox.asAgent(ADA);
  await sandbox.controls.addFault({
    service: "storefront",
    route: "POST /api/agent/cart/items",
    status: 503,
    times: 1,
  });

  assert.equal((await agent.addToCart(RICE, 5)).status, 503);
  const retried = await agent.addToCart(RICE, 5);
  assert.ok(retried.kind === "answer", `the retry was refused: ${retried.status}`);
  assert.deepEqual(
    retried.body.items.map((item) => [item.id, item.quantity]),
    [[RICE, 5]],
  );

  const journal = await sandbox.controls.expect({ path: "/api/agent/cart/items", user: ADA, status: "5xx" }, 1);
  assert.equal(journal.matched, 1);
});
