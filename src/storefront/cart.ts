import { STOREFRONT_TEXTS } from "../contracts/storefront/errors.ts";
import type { CartView } from "../contracts/storefront/schemas.ts";
import { failWith } from "../errors.ts";
import { toMajorUnits } from "../money.ts";
import type { StoredCart, StorefrontData } from "./model.ts";

const EMPTY_CART: StoredCart = { version: 0, lines: [] };

export function storedCart(data: Readonly<StorefrontData>, userId: string): StoredCart {
  return (Object.hasOwn(data.carts, userId) ? data.carts[userId] : undefined) ?? EMPTY_CART;
}

/** Adds to the user's cart (one line per product: a second add raises the quantity). Runs inside a store change. */
export function addToCart(draft: StorefrontData, userId: string, productId: string, quantity: number): StoredCart {
  if (!draft.products.some((product) => product.id === productId)) {
    failWith(STOREFRONT_TEXTS.productNotFound, { values: { productId } });
  }
  let cart = Object.hasOwn(draft.carts, userId) ? draft.carts[userId] : undefined;
  if (!cart) {
    cart = { version: 0, lines: [] };
    draft.carts[userId] = cart;
  }
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
