import type { Clock } from "../clock.ts";
import { failWith } from "../errors.ts";
import { readFixture } from "../fixtures.ts";
import type { FileIO } from "../store/file-io.ts";
import type { Migration } from "../store/migrations.ts";
import { openStore, type Store } from "../store/store.ts";
import type { DemoUser } from "../users.ts";
import { STOREFRONT_SEED_TEXTS } from "./errors.ts";
import { checkStorefrontShape } from "./shape.ts";

export interface Product {
  id: string;
  name: string;
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

export type StorefrontStore = Store<StorefrontData>;

export const STOREFRONT_FILE = "storefront.json";

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    description: "create the users, products, carts and orders collections",
    up: (data) => ({ ...data, users: [], products: [], carts: {}, orders: [] }),
  },
];

interface OrderFixture {
  id: string;
  orderId: string;
  userId: string;
  status: string;
  placedHoursAgo: number;
  items: CartLine[];
}

export async function openStorefrontStore(options: {
  file: string;
  users: DemoUser[];
  clock: Clock;
  io?: FileIO;
}): Promise<StorefrontStore> {
  const { products } = await readFixture<{ products: Product[] }>("storefront/products.json");
  const { orders } = await readFixture<{ orders: OrderFixture[] }>("storefront/orders.json");
  return openStore<StorefrontData>({
    file: options.file,
    migrations: MIGRATIONS,
    checkShape: checkStorefrontShape,
    io: options.io,
    seed: (empty) => ({
      ...empty,
      users: options.users,
      products,
      orders: orders.map((order) => seedOrder(order, products, options.clock)),
    }),
  });
}

/** Seed orders are placed relative to the day the data is created, so "recent" stays recent. */
export function seedOrder(fixture: OrderFixture, products: Product[], clock: Clock): StoredOrder {
  const placedAt = new Date(clock.now().getTime() - fixture.placedHoursAgo * 3_600_000);
  return {
    id: fixture.id,
    orderId: fixture.orderId,
    userId: fixture.userId,
    status: fixture.status,
    placedAt: placedAt.toISOString(),
    items: fixture.items.map(({ productId, quantity }) => {
      const product = products.find((candidate) => candidate.id === productId);
      if (!product)
        failWith(STOREFRONT_SEED_TEXTS.unknownProduct, {
          values: { orderId: fixture.orderId, productId },
          expected: true,
        });
      return {
        productId,
        name: product.name,
        description: product.packSize,
        priceKobo: product.unitPriceKobo,
        quantity,
        imageUrl: product.image,
      };
    }),
  };
}
