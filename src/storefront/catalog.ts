import { formatNairaRange } from "./money.ts";
import type { Product } from "./store.ts";

/** A product as the list shows it: price as display text, pack size as description. */
export interface ProductView {
  id: string;
  category: string;
  name: string;
  image: string;
  price: string;
  description: string;
  season: Product["season"];
}

export function toProductView(product: Product): ProductView {
  return {
    id: product.id,
    category: product.category,
    name: product.name,
    image: product.image,
    price: formatNairaRange(...product.priceRangeKobo),
    description: product.packSize,
    season: product.season,
  };
}

/** Views of a catalog, made once per version of it (the store's data is immutable, so its identity is its version). */
const views = new WeakMap<readonly Product[], ProductView[]>();

function catalogViews(products: readonly Product[]): ProductView[] {
  let list = views.get(products);
  if (!list) views.set(products, (list = products.map(toProductView)));
  return list;
}

/** Case-insensitive substring match on the name; a blank query is the whole catalog, in catalog order. */
export function searchProducts(products: readonly Product[], query: string | undefined): ProductView[] {
  const needle = (query ?? "").trim().toLowerCase();
  const list = catalogViews(products);
  return needle === "" ? list : list.filter((view) => view.name.toLowerCase().includes(needle));
}
