import assert from "node:assert/strict";
import { test } from "node:test";
import { KEY, type RenderedTui, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

/** The wait before reconnecting: the storefront's `retry:`, and the feed's own after a 5xx. */
const RETRY_MS = 3000;

/** Shows a screen by its key once it draws `text`. */
async function show(ui: RenderedTui, key: string, text: string): Promise<void> {
  await ui.press(key);
  await ui.waitFor(text);
}

/** Signs in as the first demo user (Ada) and opens the cart stream once it is open. */
async function signedInCart(ui: RenderedTui): Promise<void> {
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("storefront ✓ signed in as Ada");
  await ui.press("3");
  await ui.waitFor("● open");
}

/** Another client (an agent, a test, the app) adding to the signed-in user's cart over plain HTTP. */
async function addFromElsewhere(
  ui: RenderedTui,
  storefront: string,
  productId: string,
  quantity: number,
): Promise<void> {
  const token = ui.services.store.state.logins.storefront!.token;
  const response = await fetch(`${storefront}/api/cart/items`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ product_id: productId, quantity }),
  });
  assert.equal(response.status, 200);
}

test("cart stream: an empty cart at first; an add made by another client arrives as an event, even while another screen is shown", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signedInCart(ui);
  const empty = await ui.waitFor("The cart is empty");
  assert.match(empty, /Subtotal +₦0\.00/);
  assert.match(empty, /\d\d:\d\d:\d\d cart +v\d+: empty/);

  await addFromElsewhere(ui, sandbox.urls.storefront!, "palm-oil-5-litre-keg", 2);
  const first = await ui.waitFor(/Palm Oil +5 litre keg +2/);
  assert.match(first, /cart +v\d+: 1 line, 2 items, subtotal ₦/);

  await ui.press("1");
  await ui.waitFor("Demo users");
  await addFromElsewhere(ui, sandbox.urls.storefront!, "okra-paint-bucket", 1);
  await ui.press("3");
  const second = await ui.waitFor(/Okra .* 1 /);
  assert.match(second, /2 lines, 3 items, subtotal ₦/);
  assert.ok(
    ui.services.traffic.entries.some((entry) => entry.url.endsWith("/api/cart/stream") && entry.status === 200),
    "the stream's exchange is in Traffic",
  );

  // Signing out: Ada's cart is no longer shown; the events stay, with the sign-out among them.
  await show(ui, "1", "Demo users");
  await ui.press("o");
  await ui.waitFor("storefront not signed in");
  await ui.press("3");
  const out = await ui.waitFor("No cart: nobody is signed in");
  assert.match(out, /sign-out +ada@example\.com signed out: stream closed, cart cleared/);
  assert.match(out, /cart +v\d+: 2 lines, 3 items/);
  assert.match(out, /Subtotal +—/);
});

test("cart stream: not signed in, it says to sign in first", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("3");
  const frame = await ui.waitFor("Sign in first (key 1)");
  assert.match(frame, /No cart: nobody is signed in/);
  assert.match(frame, /No event yet/);
});

test("cart stream: a cut stream shows the reconnect, then the stream is open again with the cart", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signedInCart(ui);
  await sandbox.controls.addFault({ service: "storefront", route: "GET /api/cart/stream", dropStream: true, times: 1 });
  await ui.waitFor("↻ reconnecting (attempt 1): the stream was cut");
  ui.time.advance(RETRY_MS);
  const back = await ui.waitFor("● open");
  assert.match(back, /retry +the stream was cut; reconnecting \(attempt 1\)/);
  assert.match(back, /open +stream open[\s\S]*retry[\s\S]*open +stream open/);
});

test("cart stream: the token expiring stops the stream and says so; a new sign-in resumes it", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signedInCart(ui);
  await sandbox.controls.advanceClock("25h");
  // The storefront ends the stream; the feed tries again after its retry: and is told the token expired.
  await ui.waitFor("↻ reconnecting (attempt 1): the stream was cut");
  ui.time.advance(RETRY_MS);
  const expired = await ui.waitFor("Your storefront token expired: press 1 to sign in again");
  assert.match(expired, /expired +401 token_expired/);
  await show(ui, "1", "Demo users");
  await ui.press(KEY.enter);
  await ui.waitFor("user: ada@example.com");
  await ui.press("3");
  const resumed = await ui.waitFor("● open");
  assert.match(resumed, /connect +as ada@example\.com\n.*open +stream open/);
});

test("cart stream: a storefront that does not answer is retried and said, not a crash", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings({ ...sandbox, urls: { ...sandbox.urls, storefront: "http://127.0.0.1:9" } }));
  // A login from before the storefront went away.
  const ada = sandbox.users[0]!;
  ui.services.store.update(() => ({
    logins: { storefront: { token: "from-before", user: { id: ada.id, email: ada.email, name: ada.name } } },
  }));
  await ui.press("3");
  const frame = await ui.waitFor(/↻ reconnecting \(attempt \d\): the storefront does not answer/);
  assert.match(frame, /No cart yet/);
  await ui.press("1");
  await ui.waitFor("Demo users");
});

test("cart stream: a 503 on the stream route is retried until the stream opens", async (t) => {
  const sandbox = await startUiSandbox(t);
  await sandbox.controls.addFault({ service: "storefront", route: "GET /api/cart/stream", status: 503, times: 1 });
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.press("3");
  await ui.waitFor(/↻ reconnecting \(attempt 2\): refused: 503/);
  ui.time.advance(RETRY_MS);
  await ui.waitFor("● open");
});
