import { expect, test } from "@jest/globals";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";

test("the agent adds to Ada's cart, and the cart stream her app follows shows it", async () => {
  const cart = await sandbox.cartStream(ADA); // her cart as her app sees it
  const agent = await sandbox.asAgent(ADA); // signed in, agent sessions registered, as her app does

  const added = await agent.addToCart(RICE, 2);
  expect(added.kind).toBe("answer");
  await agent.addToCart(RICE, 1);

  // Exact: another worker's writes to Ada's cart, in a shared sandbox, would show here.
  const seen = await cart.until((c) => c.items[0]?.quantity === 3);
  expect(seen.items.map((item) => [item.id, item.quantity])).toEqual([[RICE, 3]]);
  cart.close();

  const journal = await sandbox.controls.expect(
    { method: "POST", path: "/api/agent/cart/items", user: ADA, agent: true },
    2,
  );
  expect(journal.matched).toBe(2);
});
