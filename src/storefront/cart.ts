import { failWith } from "../errors.ts";
import type { FromSchema } from "../json-schema.ts";
import { toMajorUnits } from "../money.ts";
import { STOREFRONT_TEXTS } from "./errors.ts";
import type { StoredCart, StorefrontData } from "./store.ts";

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

const EMPTY_CART: StoredCart = { version: 0, lines: [] };

export function storedCart(data: Readonly<StorefrontData>, userId: string): StoredCart {
  return Object.hasOwn(data.carts, userId) ? (data.carts[userId] as StoredCart) : EMPTY_CART;
}

/** Adds to the user's cart (one line per product: a second add raises the quantity). Runs inside a store change. */
export function addToCart(draft: StorefrontData, userId: string, productId: string, quantity: number): StoredCart {
  if (!draft.products.some((product) => product.id === productId)) {
    failWith(STOREFRONT_TEXTS.productNotFound, { values: { productId } });
  }
  if (!Object.hasOwn(draft.carts, userId)) draft.carts[userId] = { version: 0, lines: [] };
  const cart = draft.carts[userId] as StoredCart;
  const line = cart.lines.find((candidate) => candidate.productId === productId);
  if (line) line.quantity += quantity;
  else cart.lines.push({ productId, quantity });
  cart.version += 1;
  return cart;
}

/** The cart as clients see it: unit prices in naira, subtotal rounded to 2 decimals. */
export function toCartView(data: Readonly<StorefrontData>, cart: StoredCart): CartView {
  let subtotalKobo = 0;
  const items = cart.lines.flatMap((line) => {
    const product = data.products.find((candidate) => candidate.id === line.productId);
    if (!product) return [];
    subtotalKobo += product.unitPriceKobo * line.quantity;
    return [
      {
        id: product.id,
        name: product.name,
        description: product.packSize,
        price: toMajorUnits(product.unitPriceKobo),
        quantity: line.quantity,
        imageUrl: product.image,
      },
    ];
  });
  return { items, subtotal: toMajorUnits(subtotalKobo) };
}
