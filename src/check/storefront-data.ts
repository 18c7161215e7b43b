import { type Check, expectBody, type Shape, type ShapeType } from "./expect.ts";
import { failCheck } from "./outcome.ts";
import { bearer, type RunContext } from "./run-context.ts";

/** Display text: a currency symbol and digits with thousands separators, or a range `<low> - <high>`. */
const PRICE_TEXT = /^[^\d\s]+\d{1,3}(,\d{3})*(\.\d+)?( - [^\d\s]+\d{1,3}(,\d{3})*(\.\d+)?)?$/;

const PRICE: Check<string> = (value) =>
  typeof value === "string" && PRICE_TEXT.test(value)
    ? undefined
    : `expected display text such as "₦1,200 - ₦1,500", got ${JSON.stringify(value)}`;

export const PRODUCT = {
  id: "string",
  category: "string",
  name: "string",
  image: "string",
  price: PRICE,
} as const satisfies Shape;
/** A product of the catalog, as the storefront's spec lists it. */
export type Product = ShapeType<typeof PRODUCT>;

export const CART = {
  items: [
    { id: "string", name: "string", description: "string", price: "number", quantity: "integer", imageUrl: "string" },
  ],
  subtotal: "number",
} as const satisfies Shape;
/** A cart, as the storefront's spec answers it. */
export type CartView = ShapeType<typeof CART>;

/** The catalog as the user sees it, read once per run. */
export function catalog(run: RunContext): Promise<Product[]> {
  return run.once("catalog", async (http) => {
    const { token } = await run.signIn("storefront");
    const body = expectBody(await http.get(`${run.url("storefront")}/api/products`, bearer(token)), {
      items: [PRODUCT],
    });
    return body.items;
  });
}

/** The product the cart checks add: the catalog's first. */
export async function someProduct(run: RunContext): Promise<Product> {
  const [product] = await catalog(run);
  return product ?? failCheck("the catalog is empty: no product to add to the cart");
}

/** The subtotal is the sum of unit price × quantity, rounded to 2 decimals. */
export function checkSubtotal(cart: CartView): void {
  const sum = Math.round(cart.items.reduce((total, item) => total + item.price * item.quantity, 0) * 100) / 100;
  if (Math.abs(sum - cart.subtotal) > 0.005)
    failCheck(`expected subtotal ${sum} (the items' price × quantity), got ${cart.subtotal}`);
}

/** The cart's line of the product, which an add must have. */
export function lineOf(cart: CartView, productId: string): CartView["items"][number] {
  return (
    cart.items.find((item) => item.id === productId) ??
    failCheck(
      `expected the cart to hold ${productId}, got items ${cart.items.map((item) => item.id).join(", ") || "(none)"}`,
    )
  );
}
