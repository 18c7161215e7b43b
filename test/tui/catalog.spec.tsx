import assert from "node:assert/strict";
import { test } from "node:test";
import { SEARCH_DELAY_MS } from "../../src/tui/hooks/use-catalog.ts";
import { KEY, type RenderedTui, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

/** Signs in as the first demo user (Ada) and opens the catalog with its whole list loaded. */
async function signedInCatalog(ui: RenderedTui): Promise<void> {
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("storefront ✓ signed in as Ada");
  await ui.press("2");
  await ui.waitFor("Ofada Rice");
}

/**
 * Opens a text field with its key. The screen marks the store "editing" in an effect that runs
 * after the field's own input handler is in place: from then on, what is typed lands in the field
 * (the status bar says "Typing in a field" unless it shows an error).
 */
async function openField(ui: RenderedTui, key: string, expected: string): Promise<void> {
  await ui.press(key);
  await ui.waitFor(expected);
  assert.ok(ui.services.store.state.editing, "the field has the keyboard");
}

/** Leaves the field with Enter; the list takes the keys again, the store says no field has them. */
async function submitField(ui: RenderedTui): Promise<void> {
  await ui.press(KEY.enter);
  assert.ok(!ui.services.store.state.editing, "the list has the keyboard again");
}

/** Types a search, and lets the pause the screen waits for before sending it go by. */
async function search(ui: RenderedTui, text: string): Promise<void> {
  await ui.type(text);
  ui.time.advance(SEARCH_DELAY_MS);
}

test("catalog: the search narrows as you type; a product added with a quantity shows the cart the storefront answered", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signedInCatalog(ui);
  assert.match(ui.frame(), /Abuja Yam/);
  await openField(ui, "/", "Search: ");
  await search(ui, "rice");
  // The whole catalog is replaced by the rice only: nothing else is left.
  const narrowed = await ui.waitFor(/^(?![\s\S]*Abuja Yam)[\s\S]*Local Rice/);
  assert.match(narrowed, /Long Grain Parboiled Rice/);
  await submitField(ui);
  await ui.press(KEY.down);
  await openField(ui, "a", "Quantity of Local Rice (1–99):");
  await ui.press(KEY.backspace, "3");
  // The field submits the value of its last render whose effects have run: the 3's.
  await ui.waitFor("Quantity of Local Rice (1–99): 3");
  await ui.press(KEY.enter);
  const added = await ui.waitFor("✓ Added 3 × Local Rice");
  assert.match(added, /Cart: 1 line, 3 items, subtotal ₦[\d,]+\.\d\d/);
  assert.match(added, /Local Rice ×3/);
});

test("catalog: a search that matches nothing says so", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signedInCatalog(ui);
  await openField(ui, "/", "Search: ");
  await search(ui, "zzz");
  const frame = await ui.waitFor('No product matches "zzz"');
  assert.doesNotMatch(frame, /Ofada Rice/);
});

test("catalog: not signed in, it asks for a sign-in and sends nothing", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("2");
  await ui.waitFor("Sign in first (key 1)");
  await ui.press("a");
  assert.equal(ui.services.traffic.entries.filter((entry) => entry.url.includes("/api/products")).length, 0);
});

test("catalog: a 503 on the product list is shown in place, and the screen stays usable", async (t) => {
  const sandbox = await startUiSandbox(t);
  await sandbox.controls.addFault({ service: "storefront", route: "GET /api/products", status: 503, times: 1 });
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("storefront ✓ signed in as Ada");
  await ui.press("2");
  const failed = await ui.waitFor(/✗ .*503/);
  assert.match(failed, /No products to show/);
  await openField(ui, "/", "Search: ");
  await search(ui, "yam");
  await ui.waitFor("Abuja Yam");
});

test("catalog: a 503 on the cart route is shown in place of the cart", async (t) => {
  const sandbox = await startUiSandbox(t);
  await sandbox.controls.addFault({ service: "storefront", route: "POST /api/cart/items", status: 503 });
  const ui = renderTui(t, uiSettings(sandbox));
  await signedInCatalog(ui);
  await openField(ui, "a", "Quantity of Ofada Rice (1–99): 1");
  await ui.press(KEY.enter);
  const frame = await ui.waitFor(/✗ .*503/);
  assert.doesNotMatch(frame, /✓ Added/);
});

test("catalog: a storefront that went away is an error in place, not a crash", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings({ ...sandbox, urls: { ...sandbox.urls, storefront: "http://127.0.0.1:9" } }));
  // A login from before the storefront went away.
  ui.services.store.update(() => ({
    logins: {
      storefront: {
        token: "from-before",
        user: { id: sandbox.users[0]!.id, email: sandbox.users[0]!.email, name: sandbox.users[0]!.name },
      },
    },
  }));
  await ui.press("2");
  await ui.waitFor(/✗ The storefront does not answer at http:\/\/127\.0\.0\.1:9/);
  await ui.press("1");
  await ui.waitFor("Ada Okafor");
});

test("catalog: a new search puts the cursor back on the first product; the quantity must be a whole number from 1 to 99", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signedInCatalog(ui);
  await ui.press(KEY.down, KEY.down, KEY.down);
  await openField(ui, "/", "Search: ");
  await search(ui, "rice");
  await ui.waitFor(/Search: rice\n[\s\S]*Ofada Rice/);
  await submitField(ui);
  await ui.press("a");
  await ui.waitFor("Quantity of Ofada Rice (1–99): 1");
  await ui.press(KEY.backspace, ..."100", KEY.enter);
  await ui.waitFor("✗ a whole number from 1 to 99");
  await ui.press(KEY.backspace, KEY.backspace, KEY.backspace, "0", KEY.enter);
  await ui.waitFor(/Quantity of Ofada Rice \(1–99\): 0 +✗ a whole number from 1 to 99/);
  await ui.press(KEY.backspace, "3", KEY.enter);
  await ui.waitFor("✓ Added 3 × Ofada Rice");
});
