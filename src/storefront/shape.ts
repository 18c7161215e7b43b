import { arrayOf, integer, record, shapeCheck, string } from "../store/shape.ts";

const user = record({ id: string, name: string, email: string, password: string });
const product = record({
  id: string,
  name: string,
  category: string,
  image: string,
  priceRangeKobo: { type: "array", items: integer, minItems: 2, maxItems: 2 },
  unitPriceKobo: integer,
  packSize: string,
  season: { enum: ["In Season", "Off Season"] },
});
const cart = record({ version: integer, lines: arrayOf(record({ productId: string, quantity: integer })) });
const orderItem = record({
  productId: string,
  name: string,
  description: string,
  priceKobo: integer,
  quantity: integer,
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

/** The shape of storefront.json at the latest schema version. */
export const checkStorefrontShape = shapeCheck(
  record({
    version: integer,
    users: arrayOf(user),
    products: arrayOf(product),
    carts: { type: "object", additionalProperties: cart },
    orders: arrayOf(order),
  }),
);
