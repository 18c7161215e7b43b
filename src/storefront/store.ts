import type { Clock } from "../clock.ts";
import { STOREFRONT_SEED_TEXTS } from "../contracts/storefront/errors.ts";
import { failWith } from "../errors.ts";
import { readFixture } from "../fixtures.ts";
import { isJsonObject } from "../json-text.ts";
import type { FileIO } from "../store/file-io.ts";
import type { Migration } from "../store/migrations.ts";
import { openStore, type Store } from "../store/store.ts";
import type { DemoUser } from "../users.ts";
import type { CartLine, Product, StoredOrder, StorefrontData } from "./model.ts";
import { checkStorefrontShape } from "./shape.ts";

export type StorefrontStore = Store<StorefrontData>;

export const STOREFRONT_FILE = "storefront.json";

/** The schema steps; the second gives the products of an older file the seed's aliases. */
function migrations(seedProducts: readonly Product[]): Migration[] {
  return [
    {
      version: 1,
      description: "create the users, products, carts and orders collections",
      up: (data) => ({ ...data, users: [], products: [], carts: {}, orders: [] }),
    },
    {
      version: 2,
      description: "give each product the names people also call it (the seed's, for a product of the seed)",
      up: (data) => ({
        ...data,
        // Not a list of products is left for the shape check to name.
        products: Array.isArray(data.products)
          ? data.products.map((product: unknown) =>
              isJsonObject(product)
                ? { ...product, aliases: seedProducts.find((seed) => seed.id === product.id)?.aliases ?? [] }
                : product,
            )
          : data.products,
      }),
    },
  ];
}

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
    migrations: migrations(products),
    checkShape: checkStorefrontShape,
    io: options.io,
    seed: (version) => ({
      version,
      users: options.users,
      products,
      carts: {},
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
