import { expect, openChat, say, test } from "./fixtures.js";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";

test("Ada asks the chat to add two bags of rice: her cart shows exactly 2", async ({ page, sandbox }) => {
  const cart = await sandbox.cartStream(ADA); // her cart, as her app follows it
  const chat = await openChat(page, sandbox, ADA, "drawer");

  await say(chat, "add two bags of ofada rice");
  await expect(chat.locator(".message--agent").nth(1)).toContainText("Added 2 × Ofada Rice");

  // Exact: another worker's writes to Ada's cart, in a shared sandbox, would show here.
  const seen = await cart.until((c) => c.items.length > 0);
  expect(seen.items.map((item) => [item.id, item.quantity])).toEqual([[RICE, 2]]);
  cart.close();

  const journal = await sandbox.controls.expect(
    { method: "POST", path: "/api/agent/cart/items", user: ADA, agent: true },
    1,
  );
  expect(journal.matched).toBe(1);
});
