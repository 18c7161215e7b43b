import { expect, test } from "@jest/globals";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";

test("Ada's own cart write, then a day later her token has expired", async () => {
  const { storefrontToken } = await sandbox.signIn(ADA);
  const addRice = () =>
    fetch(`${sandbox.urls.storefront}/api/cart/items`, {
      method: "POST",
      headers: { authorization: `Bearer ${storefrontToken}`, "content-type": "application/json" },
      body: JSON.stringify({ product_id: RICE, quantity: 4 }),
    });

  const cart = await (await addRice()).json();
  expect(cart.items.map((item) => [item.id, item.quantity])).toEqual([[RICE, 4]]);

  await sandbox.controls.advanceClock("25h"); // the sandbox's clock: tokens issued 24 h ago expire
  const expired = await addRice();
  expect(expired.status).toBe(401);
  expect((await expired.json()).code).toBe("token_expired");
});
