import type { DemoUser } from "../users.ts";

// The records of storefront.json at the latest schema version (shape.ts checks data against them).

export interface Product {
  id: string;
  name: string;
  /** What people also call it ("groundnut oil" is "peanut oil", "ata rodo" is "scotch bonnet pepper"): the agent matches these as it matches the name. */
  aliases: string[];
  /** May be empty: the real catalog has uncategorised products. */
  category: string;
  image: string;
  priceRangeKobo: [low: number, high: number];
  unitPriceKobo: number;
  packSize: string;
  season: "In Season" | "Off Season";
}

export interface CartLine {
  productId: string;
  quantity: number;
}

export interface StoredCart {
  /** Goes up by one with every change; the event stream sends it as the event id. */
  version: number;
  lines: CartLine[];
}

/** A product as it was bought: the order keeps its own copy of name and price. */
export interface OrderItem {
  productId: string;
  name: string;
  description: string;
  priceKobo: number;
  quantity: number;
  imageUrl: string;
}

export interface StoredOrder {
  id: string;
  orderId: string;
  userId: string;
  status: string;
  placedAt: string;
  /** The first item is the order's main product. */
  items: OrderItem[];
}

export interface StorefrontData {
  version: number;
  users: DemoUser[];
  products: Product[];
  carts: Record<string, StoredCart>;
  orders: StoredOrder[];
}
