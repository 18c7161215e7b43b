import type { Area, Check } from "../check.ts";
import { type CartEvents, openCartEvents } from "../events.ts";
import { expectBody, expectError } from "../expect.ts";
import type { Http } from "../http.ts";
import { failCheck } from "../outcome.ts";
import { bearer, type RunContext } from "../run-context.ts";
import { CART, type CartView, lineOf, someProduct } from "../storefront-data.ts";
import { count, sameJson } from "../values.ts";

const STREAM = "GET /api/cart/stream";

const checks: Check[] = [
  {
    name: "stream opens with a snapshot of the cart",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const events = await openStream(http, run);
      const first = await events.next("the first cart event");
      await events.close();
      expectCartEvent(first);
      return `a cart event (id ${first.id}) with ${count(first.cart.items.length, "item")}`;
    },
  },
  {
    name: "stream takes the token as ?access_token=",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const { token } = await run.signIn("storefront");
      const response = await http.open(
        "GET",
        `${run.url("storefront")}/api/cart/stream?access_token=${encodeURIComponent(token)}`,
        { headers: { accept: "text/event-stream" } },
      );
      const events = await openCartEvents(http, response, STREAM);
      const first = await events.next("the first cart event");
      await events.close();
      expectCartEvent(first);
      return "200 text/event-stream, a cart event";
    },
  },
  {
    name: "stream without a token",
    needs: ["storefront"],
    async run({ http, run }) {
      expectError(
        await http.send("GET", `${run.url("storefront")}/api/cart/stream`, {
          headers: { accept: "text/event-stream" },
        }),
        401,
        "invalid_token",
      );
      return "401 invalid_token";
    },
  },
  {
    name: "a change of the cart is delivered",
    needs: ["storefront", "user"],
    changes: true,
    async run({ http, run }) {
      const events = await openStream(http, run);
      const first = await events.next("the first cart event");
      const added = await addOne(http, run);
      const next = await events.next("a cart event after the add");
      await events.close();
      expectCartEvent(next);
      if (next.id === first.id) failCheck(`expected a new event id after the change, got id ${next.id} again`);
      if (!sameJson(next.cart, added))
        failCheck(
          `expected the cart the add answered, got ${next.cart.items.map((item) => `${item.quantity} × ${item.id}`).join(", ")}`,
        );
      return `cart event id ${next.id} after the add (was ${first.id})`;
    },
  },
  {
    name: "reconnect with Last-Event-ID gets the current cart",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const before = await openStream(http, run);
      const first = await before.next("the first cart event");
      await before.close();
      // Without --read-only the cart changes while the client is away, so that a stale answer shows.
      const current = run.settings.readOnly ? first.cart : await addOne(http, run);
      const after = await openStream(http, run, { "last-event-id": first.id ?? "" });
      const again = await after.next("the first cart event after the reconnect");
      await after.close();
      expectCartEvent(again);
      if (!sameJson(again.cart, current))
        failCheck(`expected the current cart (${describeCart(current)}), got ${describeCart(again.cart)}`);
      return `Last-Event-ID ${first.id}: the current cart (event id ${again.id})`;
    },
  },
];

export const sseArea: Area = { name: "sse", plan: async () => checks };

async function openStream(http: Http, run: RunContext, headers: Record<string, string> = {}): Promise<CartEvents> {
  const { token } = await run.signIn("storefront");
  const response = await http.open("GET", `${run.url("storefront")}/api/cart/stream`, {
    headers: { accept: "text/event-stream", ...bearer(token), ...headers },
  });
  return openCartEvents(http, response, STREAM);
}

async function addOne(http: Http, run: RunContext): Promise<CartView> {
  const product = await someProduct(run);
  const { token } = await run.signIn("storefront");
  const cart = expectBody(
    await http.send("POST", `${run.url("storefront")}/api/cart/items`, {
      headers: { accept: "application/json", ...bearer(token) },
      body: { product_id: product.id, quantity: 1 },
    }),
    CART,
  );
  lineOf(cart, product.id);
  return cart;
}

function expectCartEvent(event: { event: string; id?: string }): void {
  if (event.event !== "cart") failCheck(`expected a "cart" event, got "${event.event}"`);
  if (!event.id) failCheck("expected the cart event to carry an id: (the cart's version), got none");
}

function describeCart(cart: CartView): string {
  return cart.items.map((item) => `${item.quantity} × ${item.id}`).join(", ") || "empty";
}
