import assert from "node:assert/strict";
import { test } from "node:test";
import { startFileSandbox } from "./sandbox.js";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";
const sandbox = await startFileSandbox();

test("the agent adds to Ada's cart, and the cart stream her app follows shows it", async () => {
  const cart = await sandbox.cartStream(ADA); // her cart as her app sees it
  const agent = await sandbox.asAgent(ADA); // signed in, agent sessions registered, as her app does

  const added = await agent.addToCart(RICE, 2);
  assert.equal(added.kind, "answer");
  await agent.addToCart(RICE, 1);

  // Exact: another file's writes to Ada's cart, in a shared sandbox, would show here.
  const seen = await cart.until((c) => c.items[0]?.quantity === 3);
  assert.deepEqual(
    seen.items.map((item) => [item.id, item.quantity]),
    [[RICE, 3]],
  );
  cart.close();

  const journal = await sandbox.controls.expect(
    { method: "POST", path: "/api/agent/cart/items", user: ADA, agent: true },
    2,
  );
  assert.equal(journal.matched, 2);
});
