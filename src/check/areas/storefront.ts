import { HEALTH_PATH } from "../../contracts/service-routes.ts";
import type { Area, Check } from "../check.ts";
import { openCartEvents } from "../events.ts";
import { expectBody, expectError, expectHeader } from "../expect.ts";
import type { Http } from "../http.ts";
import { failCheck, skipCheck } from "../outcome.ts";
import { bearer, type RunContext } from "../run-context.ts";
import { CART, catalog, checkSubtotal, lineOf, PRODUCT, someProduct } from "../storefront-data.ts";
import { count, sameJson } from "../values.ts";
import { loginChecks } from "./login.ts";

const ORDER = {
  id: "string",
  orderId: "string",
  status: "string",
  orderDate: (value: unknown) =>
    typeof value === "string" && /(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day/.test(value)
      ? undefined
      : `expected a date with its weekday, got ${JSON.stringify(value)}`,
  orderTime: (value: unknown) =>
    typeof value === "string" && /^\d{1,2}:\d{2} ?[ap]m$/i.test(value)
      ? undefined
      : `expected a 12-hour time with am/pm, got ${JSON.stringify(value)}`,
  mainProduct: { name: "string", description: "string", price: "number", quantity: "integer", imageUrl: "string" },
  additionalItemsCount: "integer",
} as const;

interface Order {
  orderId: string;
}

const checks: Check[] = [
  {
    name: "health answers status ok",
    needs: ["storefront"],
    async run({ http, run }) {
      const body = expectBody(await http.get(`${run.url("storefront")}${HEALTH_PATH}`), {
        status: "string",
      });
      if (body.status !== "ok") failCheck(`expected status "ok", got "${body.status}"`);
      return "200 {status: ok}";
    },
  },
  ...loginChecks("storefront"),
  {
    name: "catalog lists the products",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const { token } = await run.signIn("storefront");
      const { items } = expectBody(await http.get(`${run.url("storefront")}/api/products`, bearer(token)), {
        items: [PRODUCT],
      });
      if (items.length === 0) failCheck("expected products, got an empty catalog");
      return `200, ${items.length} products`;
    },
  },
  {
    name: "catalog without a token",
    needs: ["storefront"],
    async run({ http, run }) {
      const answer = await http.get(`${run.url("storefront")}/api/products`);
      expectError(answer, 401, "invalid_token");
      expectHeader(answer, "www-authenticate", /^Bearer\b/i);
      return "401 invalid_token, WWW-Authenticate: Bearer";
    },
  },
  {
    name: "catalog q filters by name, any case",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const all = await catalog(run);
      const product = await someProduct(run);
      const word = [...product.name.split(/\s+/)].sort((a, b) => b.length - a.length)[0] ?? product.name;
      const q = swapCase(word);
      const { token } = await run.signIn("storefront");
      const { items } = expectBody(
        await http.get(`${run.url("storefront")}/api/products?q=${encodeURIComponent(q)}`, bearer(token)),
        { items: [PRODUCT] },
      );
      const stray = items.find((item) => !item.name.toLowerCase().includes(word.toLowerCase()));
      if (stray) failCheck(`expected only names containing "${word}", got "${stray.name}"`);
      if (!items.some((item) => item.id === product.id))
        failCheck(
          `expected "${product.name}" among the matches of q=${q}, got ${items.map((item) => item.name).join(", ") || "none"}`,
        );
      const expected = all.filter((item) => item.name.toLowerCase().includes(word.toLowerCase())).length;
      if (items.length !== expected)
        failCheck(
          `expected the ${expected} products of the catalog whose name contains "${word}", got ${items.length}`,
        );
      return `q=${q}: ${items.length} of ${all.length} products`;
    },
  },
  {
    name: "catalog q without a match",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const { token } = await run.signIn("storefront");
      const { items } = expectBody(
        await http.get(`${run.url("storefront")}/api/products?q=zzq-no-such-product`, bearer(token)),
        { items: ["object"] },
      );
      if (items.length > 0) failCheck(`expected no items, got ${items.length}`);
      return "200 {items: []}";
    },
  },
  {
    name: "cart add answers the cart as JSON",
    needs: ["storefront", "user"],
    changes: true,
    async run({ http, run }) {
      const product = await someProduct(run);
      const cart = expectBody(
        await http.send("POST", `${run.url("storefront")}/api/cart/items`, {
          headers: { accept: "application/json", ...bearer((await run.signIn("storefront")).token) },
          body: { product_id: product.id, quantity: 1 },
        }),
        CART,
      );
      checkSubtotal(cart);
      return `200, ${lineOf(cart, product.id).quantity} × ${product.id}, subtotal ${cart.subtotal}`;
    },
  },
  {
    name: "cart add with Accept: text/event-stream answers one cart event",
    needs: ["storefront", "user"],
    changes: true,
    async run({ http, run }) {
      const product = await someProduct(run);
      const { token } = await run.signIn("storefront");
      const response = await http.open("POST", `${run.url("storefront")}/api/cart/items`, {
        headers: { accept: "text/event-stream", ...bearer(token) },
        body: { product_id: product.id, quantity: 1 },
      });
      const events = await (await openCartEvents(http, response, "the cart add's event stream")).all();
      if (events.length !== 1)
        failCheck(
          `expected exactly one event, then the end of the stream; got ${events.length} (${events.map((event) => event.event).join(", ")})`,
        );
      const [event] = events;
      if (event!.event !== "cart") failCheck(`expected a "cart" event, got "${event!.event}"`);
      const cart = event!.cart;
      lineOf(cart, product.id);
      checkSubtotal(cart);
      return `200 text/event-stream, one cart event with ${count(cart.items.length, "item")}, then the end`;
    },
  },
  {
    name: "cart add of an unknown product",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const { token } = await run.signIn("storefront");
      expectError(
        await http.send("POST", `${run.url("storefront")}/api/cart/items`, {
          headers: { accept: "application/json", ...bearer(token) },
          body: { product_id: "no-such-product-zzq", quantity: 1 },
        }),
        404,
        "product_not_found",
      );
      return "404 product_not_found";
    },
  },
  {
    name: "cart add with quantity 0",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const product = await someProduct(run);
      const { token } = await run.signIn("storefront");
      expectError(
        await http.send("POST", `${run.url("storefront")}/api/cart/items`, {
          headers: { accept: "application/json", ...bearer(token) },
          body: { product_id: product.id, quantity: 0 },
        }),
        400,
        "validation_error",
      );
      return "400 validation_error";
    },
  },
  {
    name: "orders list",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const orders = await listOrders(http, run, "");
      return `200, ${orders.length} orders`;
    },
  },
  {
    name: "order filter order_id",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const [first] = await listOrders(http, run, "");
      if (!first) skipCheck("the user has no orders to filter by");
      const matched = await listOrders(http, run, `?order_id=${encodeURIComponent(first.orderId)}`);
      if (matched.length !== 1 || !sameJson(matched[0], first))
        failCheck(
          `expected only order ${first.orderId} as the list shows it, got ${matched.length} orders (${matched.map((order) => order.orderId).join(", ")})`,
        );
      return `order_id=${first.orderId}: that one order`;
    },
  },
  {
    name: "order filter with an unknown reference",
    needs: ["storefront", "user"],
    async run({ http, run }) {
      const orders = await listOrders(http, run, "?order_id=ORD-ZZQ000");
      if (orders.length > 0) failCheck(`expected {orders: []}, got ${orders.length} orders`);
      return "200 {orders: []}";
    },
  },
];

export const storefrontArea: Area = { name: "storefront", plan: async () => checks };

async function listOrders(http: Http, run: RunContext, query: string): Promise<(Order & Record<string, unknown>)[]> {
  const { token } = await run.signIn("storefront");
  return expectBody(await http.get(`${run.url("storefront")}/api/orders${query}`, bearer(token)), { orders: [ORDER] })
    .orders;
}

function swapCase(word: string): string {
  return [...word].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join("");
}
