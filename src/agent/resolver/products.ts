import { normalize, singular, words } from "./text.ts";

export interface CatalogEntry {
  id: string;
  name: string;
  /** The pack size ("crate of 30"), as the product list gives it. */
  description?: string;
  category?: string;
}

export type ProductMatch = { product: CatalogEntry } | { candidates: CatalogEntry[] } | null;

/** Words that never name a product, whatever the catalog holds. */
export const STOP_WORDS = new Set(
  "add the and for some please cart my bag bags of to buy get want need put in into with pack packs more a an me i i'd id like would you do does have has any is are how much many what whats what's price prices cost costs sell stock available find search look looking show can could also too just one it them that this those these order me now today thanks thank pls kindly basket fresh cheapest cheaper cheap best good nicest nice lowest highest biggest smallest kind kinds type types sort sorts got there which sold selling sells".split(
    " ",
  ),
);

/** The forms a catalog name is known by: "Tatashe (Red Bell Pepper)" is also "Tatashe" and "Red Bell Pepper". */
function namesOf(entry: CatalogEntry): string[] {
  const lower = entry.name.toLowerCase();
  const inner = /\(([^)]+)\)/.exec(lower)?.[1];
  return [lower, lower.replace(/\s*\([^)]*\)/, ""), ...(inner ? [inner] : [])].map((name) => normalize(name));
}

/** A product's significant words, singular. */
function nameWords(entry: CatalogEntry): string[] {
  return words(normalize(entry.name))
    .filter((word) => !STOP_WORDS.has(word))
    .map(singular);
}

/**
 * The product a phrase names: a whole catalog name it contains (the longest wins), or, failing
 * that, the products sharing most of its significant words ("tomatoes" → Fresh Tomatoes) — one
 * is a match, several ask which.
 */
export function matchProduct(text: string, catalog: readonly CatalogEntry[]): ProductMatch {
  const normalized = normalize(text);
  const whole = catalog
    .map((entry) => ({
      entry,
      length: Math.max(
        0,
        ...namesOf(entry)
          .filter((name) => name.trim() && normalized.includes(name))
          .map((name) => name.length),
      ),
    }))
    .filter(({ length }) => length > 0)
    .sort((a, b) => b.length - a.length);
  if (whole[0]) return { product: whole[0].entry };
  const asked = significantWords(normalized);
  const scored = catalog
    .map((entry) => ({
      entry,
      score: asked.filter((word) =>
        nameWords(entry).some((name) => name === word || (word.length >= 4 && name.startsWith(word))),
      ).length,
    }))
    .filter(({ score }) => score > 0);
  const best = Math.max(0, ...scored.map(({ score }) => score));
  const candidates = scored.filter(({ score }) => score === best).map(({ entry }) => entry);
  if (candidates.length === 1) return { product: candidates[0] as CatalogEntry };
  return candidates.length > 1 ? { candidates } : null;
}

/** The words of a text that could name a product (not stop words, at least three letters), singular. */
export function significantWords(normalized: string): string[] {
  return words(normalized)
    .filter((word) => word.length >= 3 && /^[a-z]/.test(word) && !STOP_WORDS.has(word))
    .map(singular);
}

/** What of the catalog a text names, if anything: a product ("tomatoes") or a category ("vegetables"). */
export function catalogNamed(text: string, catalog: readonly CatalogEntry[]): string | undefined {
  if (matchProduct(text, catalog)) return "a catalog product";
  const category = categoryNamed(text, catalog);
  return category ? `the catalog category ${category.category}` : undefined;
}

/** The catalog category a text names by one of its words ("fruits" → Fruits), with its products. */
export function categoryNamed(
  text: string,
  catalog: readonly CatalogEntry[],
): { category: string; products: CatalogEntry[] } | undefined {
  const named = significantWords(normalize(text));
  const category = catalog
    .map((entry) => entry.category ?? "")
    .find((each) => significantWords(normalize(each)).some((word) => named.includes(word)));
  return category ? { category, products: catalog.filter((entry) => entry.category === category) } : undefined;
}

/** Words of the catalog, for the typo check. */
export function catalogVocabulary(catalog: readonly CatalogEntry[]): string[] {
  return catalog.flatMap((entry) =>
    words(normalize(`${entry.name} ${entry.category ?? ""} ${entry.description ?? ""}`)),
  );
}

const MEASURES = /^(kg|g|cl|ml|l|litre|litres|liter|liters|about)$/;

/** How many items one unit of the product holds, when more than one ("crate of 30" → 30, "5 cobs" → 5, "5 kg bag", "1 bird (about 2.5 kg)" → none). */
export function itemsPerUnit(entry: CatalogEntry): number | undefined {
  for (const [, number, word] of (entry.description ?? "").toLowerCase().matchAll(/(\d+(?:\.\d+)?)(?:\s*([a-z]+))?/g)) {
    const count = Number(number);
    if (Number.isInteger(count) && count > 1 && !(word && MEASURES.test(word))) return count;
  }
  return undefined;
}

/** Words that count packs of anything ("2 packs of corn"). */
const PACK_WORDS = ["pack", "unit", "piece"];

/**
 * Whether the question counts the product in its own units ("3 crates of eggs", "2 bags of rice"):
 * the words of its pack size that name the pack ("bag" of "bag of 20 sachets"), not what the pack
 * holds ("sachets", "fingers", "cobs": those come after a count).
 */
export function countsInUnits(question: string, entry: CatalogEntry): boolean {
  const pack = words(normalize(entry.description ?? ""));
  const units = new Set([
    ...PACK_WORDS,
    ...pack
      .filter(
        (word, index) =>
          /^[a-z]{2,}$/.test(word) && word !== "of" && word !== "about" && !(Number(pack[index - 1]) > 1),
      )
      .map(singular),
  ]);
  return significantWords(normalize(question))
    .concat(words(normalize(question)).map(singular))
    .some((word) => units.has(word));
}
