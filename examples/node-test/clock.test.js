import assert from "node:assert/strict";
import { test } from "node:test";
import { startFileSandbox } from "./sandbox.js";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";
const sandbox = await startFileSandbox();

test("Ada's own cart write, then a day later her token has expired", async () => {
  const { storefrontToken } = await sandbox.signIn(ADA);
  const addRice = () =>
    fetch(`${sandbox.urls.storefront}/api/cart/items`, {
      method: "POST",
      headers: { authorization: `Bearer ${storefrontToken}`, "content-type": "application/json" },
      body: JSON.stringify({ product_id: RICE, quantity: 4 }),
    });

  const cart = await (await addRice()).json();
  assert.deepEqual(
    cart.items.map((item) => [item.id, item.quantity]),
    [[RICE, 4]],
  );

  await sandbox.controls.advanceClock("25h"); // the sandbox's clock: tokens issued 24 h ago expire
  const expired = await addRice();
  assert.equal(expired.status, 401);
  assert.equal((await expired.json()).code, "token_expired");
});
