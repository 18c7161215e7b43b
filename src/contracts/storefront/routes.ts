import { NON_BLANK } from "../../json-schema.ts";
import { eventStreamSchema } from "../event-stream.ts";
import { BEARER, BEARER_OR_QUERY } from "../guards.ts";
import { HTTP_TEXTS } from "../http-errors.ts";
import { defineRoute, json } from "../route-contract.ts";
import { STORAGE_TEXTS } from "../storage-errors.ts";
import { STOREFRONT_TEXTS } from "./errors.ts";
import { CART, ORDER_LIST, PRODUCT_LIST } from "./schemas.ts";

const CATALOG_TAG = { name: "Catalog", description: "The grocery catalog." };
const CART_TAG = { name: "Cart", description: "The user's one cart, and its live event stream." };
const ORDERS_TAG = { name: "Orders", description: "The user's orders, newest first." };

const CART_EVENTS = eventStreamSchema(
  "Server-sent events of the user's cart: `retry:` with the first event, `id:` the cart's version, a `: ping` comment every 15 s (--sse-heartbeat).",
  {
    cart: {
      description: "the whole cart: first as it is now, then after every change of it, whichever request made it",
      data: CART,
    },
  },
);

export const LIST_PRODUCTS = defineRoute({
  description: "The catalog; ?q= filters by name (bearer token)",
  details:
    "The whole catalog, or the products whose name contains `q`, whatever the case. The answer has an ETag: send it back in If-None-Match to get 304 without a body while the answer stays the same.",
  operationId: "listProducts",
  method: "GET",
  tag: CATALOG_TAG,
  auth: BEARER,
  query: {
    q: {
      description: "Keeps the products whose name contains it, whatever the case; blank or absent: the whole catalog",
      schema: { type: "string", examples: ["rice"] },
    },
  },
  responses: {
    200: {
      ...json("The products, in catalog order", PRODUCT_LIST),
      headers: {
        ETag: {
          description:
            "A strong validator of this answer (the same catalog and query, the same tag): send it back in If-None-Match",
          schema: { type: "string" },
        },
        "Cache-Control": {
          description: "private, no-cache: the client may keep the answer, and asks again each time",
          schema: { type: "string", const: "private, no-cache" },
        },
      },
    },
    304: {
      description:
        "If-None-Match named the answer's current ETag: the copy the client holds is the current one (no body)",
    },
  },
});

export const LIST_ORDERS = defineRoute({
  description: "The user's orders, newest first; ?order_id= filters (bearer token)",
  details:
    "The signed-in user's orders, newest first. `order_id` filters rather than looks up: a reference the user has no order with gives an empty list, not 404.",
  operationId: "listOrders",
  method: "GET",
  tag: ORDERS_TAG,
  auth: BEARER,
  query: {
    order_id: {
      description:
        "Keeps the order with this reference (surrounding spaces ignored): a filter, so an unknown one gives an empty list; blank: no filter",
      schema: { type: "string", examples: ["ORD-7F3K2Q"] },
    },
  },
  responses: {
    200: json("The user's orders, newest first", ORDER_LIST),
  },
});

export const ADD_TO_CART = defineRoute({
  description: "Add {product_id, quantity?} to the user's cart; answers the cart (bearer token)",
  details:
    "Adds the product to the signed-in user's cart, or raises its quantity when the cart holds it already, and answers the whole cart; every open cart stream of the user gets the new cart too. `product_id` must be a product of the catalog (GET /api/products): another is 404 `product_not_found`, which the schema cannot say since the catalog is the server's data.",
  operationId: "addToCart",
  method: "POST",
  tag: CART_TAG,
  auth: BEARER,
  body: {
    description: "What to add; a product already in the cart has its quantity raised",
    schema: {
      type: "object",
      required: ["product_id"],
      properties: {
        product_id: { ...NON_BLANK, description: "A product id of GET /api/products", examples: ["ofada-rice-5kg"] },
        quantity: { type: "integer", minimum: 1, maximum: 99, default: 1, description: "How many to add" },
      },
    },
  },
  responses: {
    200: {
      description:
        "The cart after the change: JSON, or, when the client prefers an event stream (Accept), one `cart` event that ends the stream",
      content: { "application/json": CART, "text/event-stream": CART_EVENTS },
    },
  },
  errors: [STOREFRONT_TEXTS.productNotFound, STORAGE_TEXTS.writeRefused],
});

export const CART_STREAM = defineRoute({
  description: "Server-sent cart events: the cart now, then after every change (bearer token or ?access_token=)",
  details:
    "Opens a text/event-stream: a `cart` event with the cart as it is, then one after each change of it, until the client leaves or the token expires. Browsers' EventSource cannot send headers: they give the token as `?access_token=` instead. Streams may take 4 in 5 of the server's connections (--max-connections): past that a new one is 503 with Retry-After.",
  operationId: "streamCart",
  method: "GET",
  tag: CART_TAG,
  auth: BEARER_OR_QUERY,
  responses: {
    200: {
      description:
        "An event stream that lasts until the client leaves or the token expires (by the sandbox clock); a reconnect with Last-Event-ID gets the current cart first, like a first connect",
      content: { "text/event-stream": CART_EVENTS },
    },
  },
  // Streams may hold 4 in 5 of the server's --max-connections; past that a new one is refused (with Retry-After).
  errors: [HTTP_TEXTS.tooManyStreams],
});
