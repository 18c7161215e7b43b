import { usersProblem } from "../auth/credentials.ts";
import { firstBadInstant, firstDuplicate, firstProblem, firstUnknown, pointer } from "../store/rules.ts";
import { arrayOf, integer, record, type ShapeProblem, safeInteger, shapeCheck, string } from "../store/shape.ts";
import type { StoredCart, StorefrontData } from "./model.ts";

/** Kobo: whole, never negative. */
const kobo = safeInteger(0);
/** A cart line or an order item is of at least one, as an add to the cart is (adds to a line add up). */
const quantity = safeInteger(1);

const user = record({ id: string, name: string, email: string, password: string });
const product = record({
  id: string,
  name: string,
  aliases: arrayOf(string),
  category: string,
  image: string,
  priceRangeKobo: { type: "array", items: kobo, minItems: 2, maxItems: 2 },
  unitPriceKobo: kobo,
  packSize: string,
  season: { enum: ["In Season", "Off Season"] },
});
const cart = record({ version: safeInteger(0), lines: arrayOf(record({ productId: string, quantity })) });
const orderItem = record({
  productId: string,
  name: string,
  description: string,
  priceKobo: kobo,
  quantity,
  imageUrl: string,
});
const order = record({
  id: string,
  orderId: string,
  userId: string,
  status: string,
  placedAt: string,
  items: { type: "array", items: orderItem, minItems: 1 },
});

/**
 * The rules of the routes that make the same records: users sign-in tells apart, carts of known
 * users with one line per known product, orders of known users and products, with unique ids
 * and references and dates the orders list can show.
 */
function storefrontRules(data: StorefrontData): ShapeProblem | null {
  const users = new Set(data.users.map((one) => one.id));
  const products = new Set(data.products.map((one) => one.id));
  return (
    usersProblem(data.users) ??
    firstDuplicate(data.products, "/products", "id", "product ids are unique") ??
    firstProblem(Object.entries(data.carts), ([userId, one]) => cartProblem(userId, one, users, products)) ??
    firstDuplicate(data.orders, "/orders", "id", "order ids are unique") ??
    firstDuplicate(data.orders, "/orders", "orderId", "order references are unique") ??
    firstUnknown(data.orders, "/orders", "userId", users, "the id of no user") ??
    firstBadInstant(data.orders, "/orders", ["placedAt"]) ??
    firstProblem(data.orders, (one, index) =>
      firstUnknown(one.items, pointer("orders", index, "items"), "productId", products, "the id of no product"),
    )
  );
}

function cartProblem(
  userId: string,
  { lines }: StoredCart,
  users: ReadonlySet<string>,
  products: ReadonlySet<string>,
): ShapeProblem | null {
  const at = pointer("carts", userId, "lines");
  if (!users.has(userId)) return { path: pointer("carts", userId), message: "is the cart of no user" };
  return (
    firstUnknown(lines, at, "productId", products, "the id of no product") ??
    firstDuplicate(lines, at, "productId", "a cart has one line per product")
  );
}

/** The shape of storefront.json at the latest schema version, and the rules between its records. */
export const checkStorefrontShape = shapeCheck(
  record({
    version: integer,
    users: arrayOf(user),
    products: arrayOf(product),
    carts: { type: "object", additionalProperties: cart },
    orders: arrayOf(order),
  }),
  storefrontRules,
);
