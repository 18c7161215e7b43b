import { othersDo } from "../gate/others-do.ts";
import { COMMAND } from "../gate/reading.ts";
import { ENGLISH_WORDS } from "./english.ts";
import type { FillContext } from "./fill-context.ts";
import { NUMBERS_IN_WORDS, quantityOf } from "./phrases.ts";
import { type CatalogEntry, matchProduct, PACK_NOUNS, significantWords } from "./products.ts";
import { normalize, THOUSANDS } from "./text.ts";

/**
 * Whether a request names a second product to add besides its first ("2 eggs and 3 rice", "Add 2
 * bags of rice. 3 crates of eggs too."), which the agent refuses rather than half does; and what
 * only mentions another (a remark, a clause, what a product is for) is no second product.
 */

const packs = new WeakMap<readonly CatalogEntry[], Set<string>>();

/** The words of the catalog's pack sizes ("paint", "bucket", "bag", "keg") that are no product's, which count a product and name none. */
export function packWords(catalog: readonly CatalogEntry[]): Set<string> {
  let known = packs.get(catalog);
  if (!known) {
    const names = new Set(
      catalog.flatMap((entry) => significantWords(normalize(`${entry.name} ${(entry.aliases ?? []).join(" ")}`))),
    );
    known = new Set(
      catalog
        .flatMap((entry) => significantWords(normalize(entry.description ?? "")))
        .filter((word) => !names.has(word)),
    );
    packs.set(catalog, known);
  }
  return known;
}

/** Words that say which or what kind, not what product ("medium size", "nice and fresh"). */
export const DESCRIBING = new Set(
  "size sized big bigger small smaller large medium ripe unripe fresh nice good quality kind type sort one ones please abeg".split(
    " ",
  ),
);

/** The most words a part naming a product by a word the catalog lacks has ("and indomie", "plus some agege bread"). */
const SHORT_PART = 3;

/** Words that open a clause, not a product ("…, if that is possible", "…, so I can cook"). */
const CLAUSE =
  /^\s*(?:if|so|because|when|as|that|which|since|though|but|thanks?|thank you|please|i|we|it|my|for|don'?t|do not|no|okay|ok|they|he|she|you|u)\b|^\s*(?:na|e|una)\b|^\s*(?!\d)\S+(?:\s+\S+){0,3}\s+(?:needs?|wants?|likes?|loves?|is|are|was|were|has|have|had|dey|don|will|must|should|go|wan|chop|eats?|starts?|started|finish(?:es|ed)?)\b/i;

/** Whether a part of the user's own asks counts or surely names a product ("Christmas is coming o" does neither; "Emeka don buy 4 tubers" is someone else's). */
function countsOrNames(part: string, catalog: readonly CatalogEntry[]): boolean {
  if (othersDo(part.trim())) return false;
  const match = matchProduct(normalize(part), catalog);
  return quantityOf(part) !== undefined || (match !== null && !("weak" in match && match.weak));
}

/** The parts of a request, split where products could be listed ("2 eggs and 3 rice", "yam, plantain"). */
export function partsOf(question: string): string[] {
  return question.replace(THOUSANDS, "").split(/\band\b|\bn\b|,|&|\bplus\b|\balso\b/i);
}

/** Whether a part of a request follows a word that lists ("…, and indomie", "plus garri"), not just a comma ("…, cheers love x"). */
function listed(question: string, part: string): boolean {
  const at = question.replace(THOUSANDS, "").indexOf(part);
  return at > 0 && /(?:\band|\bn|&|\bplus|\balso)\s*$/i.test(question.replace(THOUSANDS, "").slice(0, at));
}

/** A sentence that asks for something: a command, a want or a need, or one that goes on a list ("And 3 garri."). */
const ASKS = new RegExp(`${COMMAND.source}|\\b(?:wants?|needs?|would like)\\b|^\\s*(?:and|also|plus|n)\\b`, "i");

/** A part that ends saying who or what the product is for ("…for the ushers"), which the next part may go on. */
const FOR_WHOM = /\bfor\s+(?:\S+\s+){0,3}\S+\s*$/i;

/** The most words a sentence that goes on listing without a verb has ("3 crates of eggs too."). */
const LIST_SENTENCE = 5;

/**
 * The request without the sentences after its product's own that only remark ("That's 300
 * sachets", "The minutes say 1, but…", "Ginger and pineapple peel I'll get at the market"): a
 * sentence of its own that asks nothing, and is longer than a listed item, names no product to add.
 */
function withoutRemarks(question: string, catalog: readonly CatalogEntry[]): string {
  const sentences = sentencesOf(question);
  const first = sentences.findIndex((sentence) => countsOrNames(sentence, catalog));
  return sentences
    .filter(
      (sentence, index) =>
        first < 0 ||
        index <= first ||
        ASKS.test(sentence) ||
        normalize(sentence).trim().split(/\s+/).length <= LIST_SENTENCE,
    )
    .join(" ");
}

/**
 * Whether the request names a second product after its first ("add 5 tomatoes and 2 onions",
 * "ugu leaves, and also crayfish"): a later part with a count, a catalog product, or a word that
 * is neither common English nor a cart word. What comes before the first product (a greeting, a
 * story) and clauses after it ("…, if that is possible") name none.
 */
export function secondProduct(context: FillContext): boolean {
  const request = withoutRemarks(context.question, context.catalog);
  return secondCounted(request, context.catalog) || secondInParts(request, context);
}

/** The sentences of a message. */
export function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n+/);
}

/**
 * Whether a sentence after the first that counts a product counts another one ("Add 2 bags of
 * rice. 3 crates of eggs too."). A product named before any count is what the story is about
 * ("Rice don finish for house. Add 2 bags of ofada rice."), not a product to add.
 */
function secondCounted(request: string, catalog: readonly CatalogEntry[]): boolean {
  const sentences = sentencesOf(request);
  const first = sentences.findIndex(
    (sentence) =>
      !othersDo(sentence) && quantityOf(sentence) !== undefined && matchProduct(normalize(sentence), catalog) !== null,
  );
  const sentence = sentences[first];
  if (sentence === undefined) return false;
  const named = matchProduct(normalize(sentence), catalog);
  const ids = new Set(
    named ? ("product" in named ? [named.product.id] : named.candidates.map((entry) => entry.id)) : [],
  );
  return sentences.slice(first + 1).some((sentence) => {
    const match = matchProduct(normalize(sentence), catalog);
    return quantityOf(sentence) !== undefined && match !== null && "product" in match && !ids.has(match.product.id);
  });
}

/** Whether a part after the first that names a product, within the request's sentences, names another ("2 eggs and 3 rice"). */
function secondInParts(request: string, context: FillContext): boolean {
  const parts = partsOf(request);
  // The first part that counts or names a product for sure ("Christmas is coming o" names none).
  const first = parts.findIndex((part) => countsOrNames(part, context.catalog));
  // A part that only says more of the first product ("smoked catfish, 15 fish") or names it again ("only eats ofada, … put 3 bags of the ofada rice") is the same product.
  const firstPart = parts[first];
  const named = firstPart === undefined ? undefined : matchProduct(normalize(firstPart), context.catalog);
  const same = (part: string) => {
    const match = matchProduct(normalize(part), context.catalog);
    return named && "product" in named && match && "product" in match && match.product.id === named.product.id;
  };
  const own = new Set(
    named && "product" in named
      ? significantWords(normalize(`${named.product.name} ${named.product.description ?? ""}`))
      : [],
  );
  return (
    first >= 0 &&
    parts.slice(first + 1).some((part, index) => {
      const words = significantWords(normalize(part)).filter((word) => !DESCRIBING.has(word));
      // "…, the green ones", "…, medium size", "…, 2 paint": more about the same product.
      const aboutIt =
        /\bones?\b/i.test(part) ||
        // "Three bags. Yes, three.": the count said again, of the same packs.
        (quantityOf(part) === quantityOf(parts[first] ?? "") &&
          words.every(
            (word) =>
              packWords(context.catalog).has(word) ||
              NUMBERS_IN_WORDS[word] !== undefined ||
              /^(?:yes|yeah|ok|okay|exactly|just|only)$/.test(word),
          )) ||
        (own.size > 0 && words.every((word) => own.has(word))) ||
        words.every((word) => packWords(context.catalog).has(word)) ||
        // "I need tatashi for the stew, two buckets": the count the first product lacked, right after it.
        (index === 0 &&
          quantityOf(parts[first] ?? "") === undefined &&
          words.every(
            (word) =>
              packWords(context.catalog).has(word) ||
              PACK_NOUNS.has(word) ||
              NUMBERS_IN_WORDS[word] !== undefined ||
              /^\d+$/.test(word),
          ));
      if (CLAUSE.test(part) || same(part) || aboutIt) return false;
      // "…, Tega wan chop beans and dodo": what a clause goes on to name, uncounted, is the clause's.
      if (index > 0 && CLAUSE.test(parts[first + index] ?? "") && quantityOf(part) === undefined) return false;
      // A word no product has names a second one only in a short part ("…, and indomie"); a longer one is a clause ("e don finish for house").
      return (
        quantityOf(part) !== undefined ||
        matchProduct(normalize(part), context.catalog) ||
        (normalize(part).trim().split(/\s+/).length <= SHORT_PART &&
          listed(context.question, part) &&
          // "…pure water for the ushers and the choir": who it is for goes on, no product.
          !FOR_WHOM.test(parts[first + index] ?? "") &&
          significantWords(normalize(part)).some((word) => !ENGLISH_WORDS.has(word) && !/^(cart|basket)$/.test(word)))
      );
    })
  );
}
