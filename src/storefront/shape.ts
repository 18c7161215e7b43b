import { usersProblem } from "../auth/credentials.ts";
import { firstBadInstant, firstDuplicate, firstProblem, firstUnknown, pointer } from "../store/rules.ts";
import { type ShapeProblem, shapeCheck } from "../store/shape.ts";
import { STOREFRONT_DATA, type StoredCart, type StorefrontData } from "./model.ts";

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
export const checkStorefrontShape = shapeCheck(STOREFRONT_DATA, storefrontRules);
