import { answerOf, type ServiceClient } from "../../client/service-client.ts";
import { ADD_TO_CART, LIST_PRODUCTS } from "../../contracts/storefront/routes.ts";
import type { CartView as Cart, ProductView as Product } from "../../contracts/storefront/schemas.ts";

export type { Cart, Product };
/** A line of a cart: `id` is the product id, `price` the unit price in naira. */
export type CartItem = Cart["items"][number];

/** The catalog, or the products whose name holds `query` (the spec's search is `?q=` of the list). */
export async function searchProducts(
  client: ServiceClient,
  token: string,
  query: string,
  signal?: AbortSignal,
): Promise<Product[]> {
  const q = query.trim();
  const path = q ? `/api/products?q=${encodeURIComponent(q)}` : "/api/products";
  const result = await client.call(LIST_PRODUCTS, { service: "storefront", path, token, signal });
  return answerOf(result, "storefront", `GET ${path}`).items;
}

/** Adds `quantity` of a product to the signed-in user's cart; the storefront answers the whole cart. */
export async function addToCart(
  client: ServiceClient,
  token: string,
  productId: string,
  quantity: number,
  signal?: AbortSignal,
): Promise<Cart> {
  const path = "/api/cart/items";
  const body = { product_id: productId, quantity };
  const result = await client.call(ADD_TO_CART, { service: "storefront", path, token, body, signal });
  return answerOf(result, "storefront", `POST ${path}`);
}

const NAIRA = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A naira amount as people read it: ₦12,500.00. */
export function formatNaira(amount: number): string {
  return `₦${NAIRA.format(amount)}`;
}

/** A cart in one line: how many of what, and the subtotal. */
export function describeCart(cart: Cart): string {
  if (cart.items.length === 0) return "empty";
  const units = cart.items.reduce((sum, item) => sum + item.quantity, 0);
  return `${cart.items.length} ${cart.items.length === 1 ? "line" : "lines"}, ${units} ${units === 1 ? "item" : "items"}, subtotal ${formatNaira(cart.subtotal)}`;
}
