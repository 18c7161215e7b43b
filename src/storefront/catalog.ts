import type { ProductView } from "../contracts/storefront/schemas.ts";
import { type SerialisedJson, serialiseJson } from "../http/serialised-json.ts";
import type { Product } from "./model.ts";
import { formatNairaRange } from "./money.ts";

export function toProductView(product: Product): ProductView {
  return {
    id: product.id,
    category: product.category,
    name: product.name,
    aliases: product.aliases,
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
  if (!list) {
    list = products.map(toProductView);
    views.set(products, list);
  }
  return list;
}

/** Case-insensitive substring match on the name; a blank query is the whole catalog, in catalog order. */
export function searchProducts(products: readonly Product[], query: string | undefined): ProductView[] {
  const needle = (query ?? "").trim().toLowerCase();
  const list = catalogViews(products);
  return needle === "" ? list : list.filter((view) => view.name.toLowerCase().includes(needle));
}

/** Distinct queries whose answers are kept per catalog version; past it, the oldest is dropped. */
const KEPT_QUERIES = 100;

/** Serialised answers of GET /api/products, per catalog version (an array the store replaces on any change to it) and query. */
const answers = new WeakMap<readonly Product[], Map<string, SerialisedJson>>();

/**
 * `{items}` of GET /api/products, serialised once per catalog version and query. A change to the
 * products, by whatever path (an import, a reset), is a new products array, so a kept answer can
 * never outlive the catalog it was made from.
 */
export function catalogAnswer(products: readonly Product[], query: string | undefined): SerialisedJson {
  const needle = (query ?? "").trim().toLowerCase();
  let kept = answers.get(products);
  if (!kept) {
    kept = new Map();
    answers.set(products, kept);
  }
  let answer = kept.get(needle);
  if (!answer) {
    answer = serialiseJson({ items: searchProducts(products, needle) });
    const [oldest] = kept.keys();
    if (kept.size >= KEPT_QUERIES && oldest !== undefined) kept.delete(oldest);
    kept.set(needle, answer);
  }
  return answer;
}
