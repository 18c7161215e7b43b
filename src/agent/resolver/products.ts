export interface CatalogEntry {
  id: string;
  name: string;
}

export type ProductMatch = { product: CatalogEntry } | { candidates: CatalogEntry[] } | null;

const STOP_WORDS = new Set(["add", "the", "and", "for", "some", "please", "cart", "my", "bag", "bags", "of", "to", "buy", "get", "want", "need", "put", "in", "with", "pack", "packs", "more"]);

/**
 * The product a phrase names: a whole catalog name it contains (the longest wins), or, failing
 * that, the products sharing its significant words — one is a match, several ask which.
 */
export function matchProduct(text: string, catalog: readonly CatalogEntry[]): ProductMatch {
  const lower = text.toLowerCase();
  const whole = catalog.filter((entry) => lower.includes(entry.name.toLowerCase())).sort((a, b) => b.name.length - a.name.length);
  if (whole[0]) return { product: whole[0] };
  const words = (lower.match(/[a-z]{3,}/g) ?? []).filter((word) => !STOP_WORDS.has(word));
  const scored = catalog
    .map((entry) => ({ entry, score: words.filter((word) => new RegExp(`\\b${word}`).test(entry.name.toLowerCase())).length }))
    .filter(({ score }) => score > 0);
  const best = Math.max(0, ...scored.map(({ score }) => score));
  const candidates = scored.filter(({ score }) => score === best).map(({ entry }) => entry);
  if (candidates.length === 1) return { product: candidates[0] as CatalogEntry };
  return candidates.length > 1 ? { candidates } : null;
}
