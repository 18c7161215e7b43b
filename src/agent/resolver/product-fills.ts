import type { ActionDefinition } from "../actions/definition.ts";
import { COMMAND, othersDo } from "../gate/reading.ts";
import { ENGLISH_WORDS } from "./english.ts";
import type { FillContext, Found } from "./fill-context.ts";
import { TIME_WORDS } from "./list-subject.ts";
import { measureOf, NUMBERS_IN_WORDS, peopleCount, quantityOf, sameMeasure } from "./phrases.ts";
import {
  type CatalogEntry,
  COLOURS_AND_MOODS,
  countsInUnits,
  itemsPerUnit,
  matchProduct,
  PACK_NOUNS,
  significantWords,
} from "./products.ts";
import { normalize, singular, THOUSANDS } from "./text.ts";

/** Words that name no product in particular ("add something", "add an item"). */
const GENERIC = new Set(
  "something anything item items thing things stuff product products whatever everything food foodstuff foodstuffs provisions groceries grocery dinner lunch breakfast meal meals snack".split(
    " ",
  ),
);

/** An answer that says yes. */
const AGREES =
  /^ (?:yes|yeah|yea|yep|yup|ya|ok|okay|sure|correct|right|that one|that's it|thats it|exactly|please do|go ahead|y)\b/;

/** A word of the action's own phrases ("take" in "i'll take {count}"), which names no product. */
function isIntentWord(action: ActionDefinition, word: string): boolean {
  return Object.keys(action.understanding?.intent ?? {}).some((phrase) => normalize(phrase).split(" ").includes(word));
}

/** One product per request: "2 eggs and 3 rice" or "tomatoes and onions" is refused, not half done. */
export function productValue(context: FillContext): Found | undefined {
  const unsold = context.answering ? undefined : unsoldCounted(context);
  // "Add 2 cartons of indomie, the chicken flavour": what is counted is not sold, whatever the rest names.
  if (unsold)
    return {
      because: "the product counted is not in the catalog",
      problem: `The catalog has no ${unsold}, so nothing was added: name a product of the catalog, or ask me to search it`,
      refuse: true,
    };
  if (!context.answering && secondProduct(context))
    return {
      because: "two products named",
      problem: "I can add one product per request, and nothing was added: ask for each product separately",
      refuse: true,
    };
  // The corrected text ("chiken" → "chicken"), so the product is read as the routing read it.
  const match = matchProduct(context.text, context.catalog);
  if (match && "product" in match) return { value: match.product.id, because: `catalog: ${match.product.name}` };
  // "Yes" to "did you mean Groundnut Oil?": the one product offered.
  const offered =
    context.choices?.length === 1 ? context.catalog.find((entry) => entry.name === context.choices?.[0]) : undefined;
  if (context.answering && offered && AGREES.test(context.text))
    return { value: offered.id, because: `the answer agrees: ${offered.name}` };
  const choices =
    match?.candidates.map((entry) => entry.name) ??
    context.choices ??
    context.catalog.slice(0, 6).map((entry) => entry.name);
  const list = `${choices.join(", ")}${match || context.choices ? "" : ", …"}`;
  if (context.answering) {
    const said = context.question.trim();
    return {
      because: "the answer does not fit",
      ask: {
        question: match
          ? `${said} matches ${choices.length} products; choose one of ${list}.`
          : `${said} matches no product; choose one of ${list}${list.endsWith("…") ? "" : "."}`,
        choices,
      },
    };
  }
  if (match?.weak)
    return {
      because: "named only by words that describe products",
      ask: { question: `No product is called just that: did you mean ${choices.join(" or ")}?`, choices },
    };
  if (match) return { because: "several products match", ask: { question: `Which one: ${list}?`, choices } };
  const named = significantWords(context.text.replace(/\d+/g, " ")).filter(
    (word) =>
      !GENERIC.has(word) &&
      !TIME_WORDS.has(word) &&
      !COLOURS_AND_MOODS.has(word) &&
      !isIntentWord(context.action, word),
  );
  // Something the catalog does not sell ("order me a taxi", "add 3 bananas"): no follow-up can make it so.
  if (named.length)
    return {
      because: "the product named is not in the catalog",
      problem: `The catalog has no ${named.join(" ")}, so nothing was added: name a product of the catalog, or ask me to search it`,
      refuse: true,
    };
  return {
    because: "no product named",
    ask: { question: `Which product should I add (for example ${list})?`, choices },
  };
}

const packs = new WeakMap<readonly CatalogEntry[], Set<string>>();

/** The words of the catalog's pack sizes ("paint", "bucket", "bag", "keg") that are no product's, which count a product and name none. */
function packWords(catalog: readonly CatalogEntry[]): Set<string> {
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
const DESCRIBING = new Set(
  "size sized big bigger small smaller large medium ripe unripe fresh nice good quality kind type sort one ones please abeg".split(
    " ",
  ),
);

/** The most words a part naming a product by a word the catalog lacks has ("and indomie", "plus some agege bread"). */
const SHORT_PART = 3;

/** Words that open a clause, not a product ("…, if that is possible", "…, so I can cook"). */
const CLAUSE =
  /^\s*(?:if|so|because|when|as|that|which|since|though|but|thanks?|thank you|please|i|we|it|my|for|don'?t|do not|no|okay|ok|they|he|she|you|u)\b|^\s*(?:na|e|una)\b|^\s*(?!\d)\S+(?:\s+\S+){0,3}\s+(?:needs?|wants?|likes?|loves?|is|are|was|were|has|have|had|dey|don|will|must|should|go|wan|chop|eats?|starts?|started|finish(?:es|ed)?)\b/i;

/** What the part of the request that counts names, when it is no product of the catalog ("2 cartons of indomie"). */
function unsoldCounted(context: FillContext): string | undefined {
  // The first part that counts, unless another counts a product ("from 200 to 300 guests, and I add 2 jollof bundles").
  const counts = partsOf(context.question).filter((part) => quantityOf(part) !== undefined);
  const counted = counts[0];
  if (!counted || counts.some((part) => matchProduct(normalize(part), context.catalog))) return undefined;
  const unknown = significantWords(normalize(counted).replace(/\d+/g, " ")).filter(
    (word) =>
      !ENGLISH_WORDS.has(word) &&
      !PACK_NOUNS.has(word) &&
      !PACK_NOUNS.has(singular(word)) &&
      !packWords(context.catalog).has(word) &&
      !DESCRIBING.has(word) &&
      !COLOURS_AND_MOODS.has(word) &&
      !GENERIC.has(word) &&
      !isIntentWord(context.action, word) &&
      !/^(cart|basket)$/.test(word) &&
      // A typo the check corrected ("charcol") is the word it became, not a product the catalog lacks.
      context.text.includes(` ${word} `),
  );
  return unknown.length > 0 ? unknown.join(" ") : undefined;
}

/** The parts of a request, split where products could be listed ("2 eggs and 3 rice", "yam, plantain"). */
function partsOf(question: string): string[] {
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
  const first = sentences.findIndex((sentence) => {
    if (othersDo(sentence)) return false;
    const match = matchProduct(normalize(sentence), catalog);
    return quantityOf(sentence) !== undefined || (match !== null && !("weak" in match && match.weak));
  });
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
function secondProduct(context: FillContext): boolean {
  const request = withoutRemarks(context.question, context.catalog);
  return secondCounted(request, context.catalog) || secondInParts(request, context);
}

/** The sentences of a message. */
function sentencesOf(text: string): string[] {
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
  if (first < 0) return false;
  const named = matchProduct(normalize(sentences[first] as string), catalog);
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
  const first = parts.findIndex((part) => {
    if (othersDo(part.trim())) return false;
    const match = matchProduct(normalize(part), context.catalog);
    return quantityOf(part) !== undefined || (match !== null && !("weak" in match && match.weak));
  });
  // A part that only says more of the first product ("smoked catfish, 15 fish") or names it again ("only eats ofada, … put 3 bags of the ofada rice") is the same product.
  const named = first >= 0 ? matchProduct(normalize(parts[first] as string), context.catalog) : undefined;
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

/**
 * A weight or volume said of the product, which is no count of its packs: one said in a sentence
 * that names it ("10kg of the local rice"), unless it is the pack's own size ("the 50kg one"). A
 * size said in another sentence ("5kg go finish in one week") is another product's.
 */
function measureOfProduct(
  question: string,
  product: CatalogEntry,
  catalog: readonly CatalogEntry[],
): ReturnType<typeof measureOf> {
  const own = sentencesOf(question).filter((sentence) => {
    const match = matchProduct(normalize(sentence), catalog);
    return match !== null && "product" in match && match.product.id === product.id;
  });
  const measure = measureOf(own.length > 0 ? own.join(" ") : question);
  return measure && !sameMeasure(measure, product.description ?? "") ? measure : undefined;
}

/**
 * The quantity, in the product's own units. A product sold in packs of several ("crate of 30")
 * counted in items ("a dozen eggs", "25 eggs") is not guessed: the follow-up asks how many packs.
 */
export function quantityValue(context: FillContext): Found | undefined {
  const quantity = quantityOf(context.question);
  if (context.answering) return quantity === undefined ? undefined : { value: quantity, because: "the answer" };
  const match = matchProduct(context.text, context.catalog);
  const product = match && "product" in match ? match.product : undefined;
  // A number of people is not a count of packs: how much they eat is the shopper's call.
  const people = peopleCount(context.question);
  if (product && people && !(quantity !== undefined && countsInUnits(context.question, product)))
    return {
      because: `a number of people; ${product.name} is sold as ${product.description}`,
      ask: {
        question: `${product.name} is sold as "${product.description}": how many of those should I add (you said ${people})?`,
      },
    };
  // A weight or volume ("10kg of rice", "2 litres of oil") is not a count of the product's packs: ask, unless it is the pack's own size.
  const measure = product ? measureOfProduct(context.question, product, context.catalog) : undefined;
  if (product && measure) {
    return {
      because: `a ${measure.unit} amount; ${product.name} is sold as ${product.description}`,
      ask: {
        question: `${product.name} is sold as "${product.description}": how many of those should I add (you said ${measure.said})?`,
      },
    };
  }
  if (quantity === undefined) return undefined;
  const per = product ? itemsPerUnit(product) : undefined;
  if (product && per && !countsInUnits(context.question, product)) {
    // "60 eggs" of eggs sold by the crate of 30 is 2 crates, exactly: said back, not guessed.
    if (Number.isInteger(quantity) && quantity > 0 && quantity % per === 0)
      return {
        value: quantity / per,
        because: `${quantity} items, ${quantity / per} × ${product.description}`,
        note: `${quantity} is ${quantity / per} × ${product.name} (${product.description})`,
      };
    return {
      because: `counted in items; ${product.name} is sold as ${product.description}`,
      ask: {
        question: `${product.name} is sold as "${product.description}": how many of those should I add (you said ${quantity})?`,
      },
    };
  }
  return { value: quantity, because: "the number named" };
}
