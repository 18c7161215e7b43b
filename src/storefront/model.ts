import type { FromSchema } from "../json-schema.ts";
import { arrayOf, integer, record, safeInteger, string } from "../store/shape.ts";
import { DEMO_USER } from "../users.ts";

// The records of storefront.json at the latest schema version, as the JSON Schema its data is
// checked with (shape.ts): each record's type is read from its schema, so the two cannot drift.

/** Kobo: whole, never negative. */
const kobo = safeInteger(0);
/** A cart line or an order item is of at least one, as an add to the cart is (adds to a line add up). */
const quantity = safeInteger(1);

const PRODUCT = record({
  id: string,
  name: string,
  // What people also call it ("groundnut oil" is "peanut oil", "ata rodo" is "scotch bonnet pepper"): the agent matches these as it matches the name.
  aliases: arrayOf(string),
  // May be empty: the real catalog has uncategorised products.
  category: string,
  image: string,
  // [low, high]
  priceRangeKobo: { type: "array", prefixItems: [kobo, kobo], items: false, minItems: 2 },
  unitPriceKobo: kobo,
  packSize: string,
  season: { enum: ["In Season", "Off Season"] },
});
export type Product = FromSchema<typeof PRODUCT>;

const CART_LINE = record({ productId: string, quantity });
export type CartLine = FromSchema<typeof CART_LINE>;

// Its version goes up by one with every change; the event stream sends it as the event id.
const STORED_CART = record({ version: safeInteger(0), lines: arrayOf(CART_LINE) });
export type StoredCart = FromSchema<typeof STORED_CART>;

/** A product as it was bought: the order keeps its own copy of name and price. */
const ORDER_ITEM = record({
  productId: string,
  name: string,
  description: string,
  priceKobo: kobo,
  quantity,
  imageUrl: string,
});
export type OrderItem = FromSchema<typeof ORDER_ITEM>;

const STORED_ORDER = record({
  id: string,
  orderId: string,
  userId: string,
  status: string,
  placedAt: string,
  // The first item is the order's main product.
  items: { type: "array", items: ORDER_ITEM, minItems: 1 },
});
export type StoredOrder = FromSchema<typeof STORED_ORDER>;

export const STOREFRONT_DATA = record({
  version: integer,
  users: arrayOf(DEMO_USER),
  products: arrayOf(PRODUCT),
  carts: { type: "object", additionalProperties: STORED_CART },
  orders: arrayOf(STORED_ORDER),
});
export type StorefrontData = FromSchema<typeof STOREFRONT_DATA>;
