import { expect, openChat, say, test } from "./fixtures.js";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";

test("the launcher: the storefront fails once, the chat says so, the next try adds 3", async ({ page, sandbox }) => {
  await sandbox.controls.addFault({
    service: "storefront",
    route: "POST /api/agent/cart/items",
    status: 503,
    times: 1,
  });
  const chat = await openChat(page, sandbox, ADA, "launcher");
  await chat.getByRole("button", { name: "Open chat" }).click();

  await say(chat, "add 3 bags of ofada rice");
  await expect(chat.locator(".message--agent").nth(1)).toContainText("503");
  await say(chat, "add 3 bags of ofada rice");
  await expect(chat.locator(".message--agent").nth(2)).toContainText("Added 3 × Ofada Rice");

  const cart = await sandbox.cartStream(ADA); // its first cart is her cart as it is now
  expect((await cart.next()).items.map((item) => [item.id, item.quantity])).toEqual([[RICE, 3]]);
  cart.close();
});
