// The shapes the storefront answers with, as JSON Schema: what its routes' contracts and OpenAPI
// document say, and what the client tier checks answers against. Data only: a client loads this and
// no storefront code.
import type { FromSchema } from "../../json-schema.ts";

/** A product as the list shows it: price as display text, pack size as description. */
export const PRODUCT = {
  title: "Product",
  type: "object",
  required: ["id", "category", "name", "image", "price", "description", "season"],
  properties: {
    id: {
      type: "string",
      description: "The product id (what POST /api/cart/items takes as product_id)",
      examples: ["ofada-rice-5kg"],
    },
    category: { type: "string", description: "May be empty", examples: ["Grains & Staples"] },
    name: { type: "string", examples: ["Ofada Rice"] },
    aliases: {
      type: "array",
      items: { type: "string" },
      description:
        "What people also call the product, for agents to match what a shopper types (the `q` filter matches names only)",
      examples: [["ofada", "brown rice"]],
    },
    image: {
      type: "string",
      description: "The image's URL",
      examples: ["https://images.example.com/groceries/ofada-rice.jpg"],
    },
    price: {
      type: "string",
      description:
        "Display text: a range as `<low> - <high>`, one amount when both are equal, kobo only when there are some",
      examples: ["₦19,000 - ₦24,000"],
    },
    description: { type: "string", description: "The pack size", examples: ["5 kg bag"] },
    season: { type: "string", enum: ["In Season", "Off Season"] },
  },
} as const;

export type ProductView = FromSchema<typeof PRODUCT>;

/** A line of a cart: one per product. */
const CART_ITEM = {
  title: "CartItem",
  type: "object",
  required: ["id", "name", "description", "price", "quantity", "imageUrl"],
  properties: {
    id: { type: "string", description: "The product id: one line per product", examples: ["ofada-rice-5kg"] },
    name: { type: "string", examples: ["Ofada Rice"] },
    description: { type: "string", description: "The pack size", examples: ["5 kg bag"] },
    price: { type: "number", description: "The unit price in naira", examples: [21000] },
    quantity: { type: "integer", minimum: 1, examples: [2] },
    imageUrl: { type: "string", examples: ["https://images.example.com/groceries/ofada-rice.jpg"] },
  },
} as const;

/** The user's cart as clients see it. */
export const CART = {
  title: "Cart",
  type: "object",
  required: ["items", "subtotal"],
  properties: {
    items: { type: "array", items: CART_ITEM },
    subtotal: { type: "number", description: "The total in naira, rounded to 2 decimals", examples: [42000] },
  },
} as const;

export type CartView = FromSchema<typeof CART>;

export const ORDER = {
  title: "Order",
  type: "object",
  required: ["id", "orderId", "status", "orderDate", "orderTime", "mainProduct", "additionalItemsCount"],
  properties: {
    id: { type: "string", examples: ["993f23dd-924c-4ff5-aef3-3c5467787879"] },
    orderId: {
      type: "string",
      description: "The order's reference: what ?order_id= filters by",
      examples: ["ORD-7F3K2Q"],
    },
    status: { type: "string", examples: ["Processing", "Delivered"] },
    orderDate: {
      type: "string",
      description: "In Lagos time (Africa/Lagos)",
      examples: ["Saturday, 21 November 2026"],
    },
    orderTime: { type: "string", description: "In Lagos time (Africa/Lagos)", examples: ["8:28 pm"] },
    mainProduct: {
      type: "object",
      description: "The order's first item",
      required: ["name", "description", "price", "quantity", "imageUrl"],
      properties: {
        name: { type: "string", examples: ["Ofada Rice"] },
        description: { type: "string", examples: ["5 kg bag"] },
        price: { type: "number", description: "The unit price in naira, as it was bought", examples: [21000] },
        quantity: { type: "integer", examples: [1] },
        imageUrl: { type: "string" },
      },
    },
    additionalItemsCount: { type: "integer", description: "How many more items the order has", examples: [3] },
  },
} as const;

export type OrderView = FromSchema<typeof ORDER>;

/** GET /api/products answers the products (all, or those the search keeps). */
export const PRODUCT_LIST = {
  type: "object",
  required: ["items"],
  properties: { items: { type: "array", items: PRODUCT } },
} as const;

/** GET /api/orders answers the user's orders. */
export const ORDER_LIST = {
  type: "object",
  required: ["orders"],
  properties: { orders: { type: "array", items: ORDER } },
} as const;

/** POST /__sandbox/trigger/order-delivered: the order, now Delivered, whose it is and the status it had. */
export const DELIVERED_ORDER = {
  type: "object",
  required: ["order", "userId", "previousStatus"],
  properties: {
    order: ORDER,
    userId: { type: "string" },
    previousStatus: { type: "string", examples: ["Processing"] },
  },
} as const;

/** What the order-delivered trigger answers. */
export type DeliveredOrder = FromSchema<typeof DELIVERED_ORDER>;
