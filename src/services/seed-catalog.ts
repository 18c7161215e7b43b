import type { CatalogEntry } from "../agent/resolver/products.ts";
import type { ProductView } from "../contracts/storefront/schemas.ts";
import { readFixture } from "../fixtures.ts";
import { searchProducts, toProductView } from "../storefront/catalog.ts";
import type { Product } from "../storefront/model.ts";

let seed: Promise<readonly Product[]> | undefined;

/**
 * The storefront's seed catalog. Every catalog route of the storefront acts for a signed-in user,
 * so a chat that is not signed in searches this copy of the catalog instead, as an embed that
 * holds its merchant's catalog would: no request is sent for anyone.
 */
function seedProducts(): Promise<readonly Product[]> {
  seed ??= readFixture<{ products: Product[] }>("storefront/products.json").then(({ products }) => products);
  return seed;
}

/** The products as the resolver matches questions against them, as the agent route lists them. */
export async function seedCatalog(): Promise<CatalogEntry[]> {
  return (await seedProducts()).map(toProductView);
}

/** The products whose name contains the query, as the storefront's search answers them. */
export async function searchSeedCatalog(query: string | undefined): Promise<ProductView[]> {
  return searchProducts(await seedProducts(), query);
}
