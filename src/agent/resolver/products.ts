import { ENGLISH_WORDS } from "./english.ts";
import { normalize, singular, words } from "./text.ts";

export interface CatalogEntry {
  id: string;
  name: string;
  /** What people also call it ("groundnut oil" is also "peanut oil"): matched as the name is. */
  aliases?: readonly string[];
  /** The pack size ("crate of 30"), as the product list gives it. */
  description?: string;
  category?: string;
  /** The price as the product list gives it: display text, a range ("₦35,000 - ₦55,000"). */
  price?: string;
  /** "In Season" or "Off Season", as the product list gives it. */
  season?: string;
}

/**
 * A product the text names; or the products it could mean, `weak` when the text names them only
 * by a word that describes them ("groundnut" of Groundnut Oil: no product is a groundnut), to
 * ask which rather than pick one.
 */
export type ProductMatch = { product: CatalogEntry } | { candidates: CatalogEntry[]; weak?: boolean } | null;

/** Words that never name a product, whatever the catalog holds. */
export const STOP_WORDS = new Set(
  "add the and for some please cart my bag bags of to buy get want need put in into with pack packs more a an me i i'd id like would you do does have has any is are how much many what whats what's price prices cost costs sell stock available find search look looking show can could also too just one it them that this those these order me now today thanks thank pls kindly basket fresh cheapest cheaper cheap best good nicest nice lowest highest biggest smallest kind kinds type types sort sorts got there which sold selling sells your yours ones carry carries offer offers stocked y'all yall guys una it's that's there's here's what's i'm you're we're they're he's she's let's sure".split(
    " ",
  ),
);

/**
 * Colours and moods: in a product's name they describe it ("Red Bell Pepper", "Bitter Leaf"), but
 * alone they name nothing ("am I in the red?", "feeling green", "sweet!"). Only a whole name or
 * alias that holds one ("red oil") names the product.
 */
export const COLOURS_AND_MOODS = new Set(
  "red green blue yellow white black brown pink purple grey gray golden sweet bitter sour hot cold warm happy sad mad glad".split(
    " ",
  ),
);

/** The forms a product is known by: "Tatashe (Red Bell Pepper)" is also "Tatashe" and "Red Bell Pepper", and its aliases. A bracket that only qualifies ("(Washed)") names nothing. */
function namesOf(entry: CatalogEntry): string[] {
  const lower = entry.name.toLowerCase();
  const inner = /\(([^)]+)\)/.exec(lower)?.[1];
  const qualifier = inner !== undefined && /^[a-z]+ed$/.test(inner.trim());
  return [lower, lower.replace(/\s*\([^)]*\)/, ""), ...(inner && !qualifier ? [inner] : []), ...(entry.aliases ?? [])]
    .map((name) => normalize(name.toLowerCase()))
    .filter((name) => name.trim() !== "");
}

const known = new WeakMap<CatalogEntry, { names: string[]; forms: string[][] }>();

/** A product's names and their significant words, worked out once per entry: one question matches the catalog several times. */
function formsOf(entry: CatalogEntry): { names: string[]; forms: string[][] } {
  let found = known.get(entry);
  if (!found) {
    const names = namesOf(entry);
    found = { names, forms: names.map(formWords) };
    known.set(entry, found);
  }
  return found;
}

/** The significant words of a name form, singular; the last is its head (the "oil" of "palm oil"). */
function formWords(form: string): string[] {
  return words(form)
    .filter((word) => !STOP_WORDS.has(word))
    .map(singular);
}

/**
 * The product a phrase names: a whole name or alias it holds, also written as one word
 * ("palmoil"; the longest wins); else the products whose name's head it names ("pepper": every
 * product whose name or alias ends in pepper), or, failing that, that it names by describing
 * words only (weak). A unit only one of them is sold in ("a keg") settles it. One is a match;
 * several ask which.
 */
export function matchProduct(text: string, catalog: readonly CatalogEntry[]): ProductMatch {
  // What a product is for names no product to get ("8 wraps of iru for the ofada stew"), when the rest names one.
  // (Read on the text as written: its commas end the purpose, which normalizing would lose.)
  const purpose = /\sfor (?:the |my |our |a |an |his |her |their )?[^,.;!?()]*/i.exec(text);
  const named = purpose ? matchOne(purpose[0], catalog) : null;
  if (purpose && named && "product" in named) {
    const rest = matchOne(text.replace(purpose[0], " "), catalog);
    if (rest && "product" in rest) return rest;
  }
  return matchOne(text, catalog);
}

function matchOne(text: string, catalog: readonly CatalogEntry[]): ProductMatch {
  const normalized = normalize(text);
  const compact = new Set(words(normalized));
  const whole = catalog
    .map((entry) => ({
      entry,
      length: Math.max(
        0,
        ...formsOf(entry)
          .names.filter(
            (name) => normalized.includes(name) || (name.trim().includes(" ") && compact.has(name.replaceAll(" ", ""))),
          )
          .map((name) => name.length),
      ),
    }))
    .filter(({ length }) => length > 0)
    .sort((a, b) => b.length - a.length);
  if (whole[0]) return { product: whole[0].entry };
  const asked = significantWords(normalized).filter((word) => !COLOURS_AND_MOODS.has(word));
  // A word cut short names the product it starts ("plant" for plantain), unless it is a word of its own ("plan").
  const names = (word: string, name: string) =>
    name === word || (word.length >= 4 && !ENGLISH_WORDS.has(word) && name.startsWith(word));
  const scored = catalog
    .map((entry) => {
      const { forms } = formsOf(entry);
      const best = Math.max(
        0,
        ...forms.map((form) => form.filter((name) => asked.some((word) => names(word, name))).length),
      );
      const head = forms.some((form) => {
        const last = form.at(-1);
        return last !== undefined && asked.some((word) => names(word, last));
      });
      return { entry, score: best, strong: head || best >= 2 };
    })
    .filter(({ score }) => score > 0);
  const strong = scored.filter((each) => each.strong);
  const pool = strong.length > 0 ? strong : scored;
  const top = Math.max(0, ...pool.map(({ score }) => score));
  const candidates = pool.filter(({ score }) => score === top).map(({ entry }) => entry);
  const byUnit = soldIn(normalized, candidates.length > 0 ? candidates : catalog);
  if (byUnit) return { product: byUnit };
  // A size said ("the 5kg one", "a 50kg bag") keeps the candidates sold in it.
  const sized = sizedAs(normalized, candidates);
  const left = sized.length > 0 ? sized : candidates;
  const [only] = left;
  if (only && left.length === 1 && (strong.length > 0 || sized.length === 1)) return { product: only };
  return left.length > 0 ? { candidates: left, ...(strong.length === 0 ? { weak: true } : {}) } : null;
}

/** Nouns of pack sizes that can single a product out ("a keg", "2 crates"). */
export const PACK_NOUNS = new Set(
  "keg bottle crate tuber cob bird wrap sachet basket bunch bucket bag pack head tin carton sack".split(" "),
);

/** The one product of `among` sold in a unit the text counts ("a keg", "two bottles"), if exactly one is. */
function soldIn(normalized: string, among: readonly CatalogEntry[]): CatalogEntry | undefined {
  const counted = [
    ...normalized.matchAll(
      / (?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) (?:(?:more|extra|additional|other|big|small|large|medium|whole|full) )?([a-z]+)/g,
    ),
  ].map(([, unit = ""]) => singular(unit));
  const units = counted.filter((word) => PACK_NOUNS.has(word));
  if (units.length === 0) return undefined;
  const sold = among.filter((entry) =>
    words(normalize(entry.description ?? "")).some((word) => units.includes(singular(word))),
  );
  return sold.length === 1 ? sold[0] : undefined;
}

/** A size and its unit ("5kg", "50 kg", "75cl", "5 litre"), the unit as one spelling. */
const SIZE = /(\d+(?:\.\d+)?)\s*(kg|kilos?|kilograms?|g|grams?|cl|ml|l|litres?|liters?)\b/g;
const SIZE_UNITS: Record<string, string> = {
  kilo: "kg",
  kilos: "kg",
  kilogram: "kg",
  kilograms: "kg",
  gram: "g",
  grams: "g",
};

function sizesOf(text: string): string[] {
  return [...text.matchAll(SIZE)].map(
    ([, amount, unit = ""]) => `${Number(amount)}${SIZE_UNITS[unit] ?? (/^(?:l|lit)/.test(unit) ? "l" : unit)}`,
  );
}

/** Those of several candidates sold in a size the text names ("the 5kg one" of three rices); none when it names none. */
function sizedAs(normalized: string, among: readonly CatalogEntry[]): CatalogEntry[] {
  const sizes = sizesOf(normalized);
  if (sizes.length === 0 || among.length < 2) return [];
  return among.filter((entry) => sizesOf(normalize(entry.description ?? "")).some((size) => sizes.includes(size)));
}

/** The words of a text that could name a product (not stop words, at least three letters), singular. */
export function significantWords(normalized: string): string[] {
  return words(normalized)
    .filter((word) => word.length >= 3 && /^[a-z]/.test(word) && !STOP_WORDS.has(word))
    .map(singular);
}

/** What catalogNamed says of a text that names one product for sure. */
export const ONE_PRODUCT = "one catalog product";

/** What of the catalog a text names, if anything: one product ("tomatoes"), products that may be meant ("rice"), or a category ("vegetables"). */
export function catalogNamed(text: string, catalog: readonly CatalogEntry[]): string | undefined {
  const match = matchProduct(text, catalog);
  if (match) return "product" in match ? ONE_PRODUCT : "a catalog product";
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

const vocabularies = new WeakMap<readonly CatalogEntry[], string[]>();

/** Words of the catalog, for the typo check; worked out once per catalog. */
export function catalogVocabulary(catalog: readonly CatalogEntry[]): string[] {
  let vocabulary = vocabularies.get(catalog);
  if (!vocabulary) {
    vocabulary = catalog.flatMap((entry) =>
      words(normalize(`${entry.name} ${entry.category ?? ""} ${entry.description ?? ""}`)),
    );
    vocabularies.set(catalog, vocabulary);
  }
  return vocabulary;
}

const aliasWordsOf = new WeakMap<readonly CatalogEntry[], Set<string>>();

/** The words of the products' aliases ("pear", "ata"): known words, never what a typo is made into. */
export function aliasWords(catalog: readonly CatalogEntry[]): Set<string> {
  let known = aliasWordsOf.get(catalog);
  if (!known) {
    known = new Set(catalog.flatMap((entry) => (entry.aliases ?? []).flatMap((alias) => words(normalize(alias)))));
    aliasWordsOf.set(catalog, known);
  }
  return known;
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

/** A catalog price as the product list gives it ("₦19,000 - ₦24,000", "₦6,500"): its lowest and highest, in naira. */
export function priceRange(price: string | undefined): [number, number] | undefined {
  const numbers = [...(price ?? "").matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((found) =>
    Number(found[0].replaceAll(",", "")),
  );
  const [low, high] = [numbers[0], numbers[1] ?? numbers[0]];
  return low === undefined || high === undefined ? undefined : [low, high];
}
