import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { createClock } from "../../src/clock.ts";
import { addToCart } from "../../src/storefront/cart.ts";
import { CartEvents } from "../../src/storefront/cart-events.ts";
import type { StoredCart } from "../../src/storefront/model.ts";
import { openStorefrontStore } from "../../src/storefront/store.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { ADA, TUNDE, tempDir } from "../helpers/sandbox.ts";

test("cart events come from the store's commits, whichever code path wrote the cart", async (t) => {
  const store = await openStorefrontStore({
    file: join(await tempDir(t), "storefront.json"),
    users: await loadDemoUsers(),
    clock: createClock(),
  });
  const events = new CartEvents(store);
  const ada: StoredCart[] = [];
  const tunde: StoredCart[] = [];
  events.subscribe(ADA.id, (cart) => ada.push(cart));
  events.subscribe(TUNDE.id, (cart) => tunde.push(cart));

  // A write that no route made: straight through the store, as a reset or an import will.
  await Promise.all([1, 2].map(() => store.update((draft) => addToCart(draft, ADA.id, "ofada-rice-5kg", 1))));
  assert.deepEqual(
    ada.map((cart) => [cart.version, cart.lines[0]?.quantity]),
    [
      [1, 1],
      [2, 2],
    ],
    "one event per change, in order",
  );
  assert.equal(tunde.length, 0, "a change of Ada's cart says nothing to Tunde's streams");

  await store.update((draft) => void delete draft.carts[ADA.id]);
  assert.deepEqual(ada.at(-1)?.lines, [], "a cart removed by a write is published as empty");

  await store.update((draft) => {
    draft.products = [...draft.products];
  });
  assert.equal(ada.length, 3, "a write that changes no cart publishes nothing");
});
