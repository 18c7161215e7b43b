import type { ActionDefinition } from "../actions/definition.ts";
import { ENGLISH_WORDS } from "./english.ts";
import type { FillContext, Found } from "./fill-context.ts";
import { TIME_WORDS } from "./list-subject.ts";
import { measureOf, peopleCount, quantityOf, sameMeasure } from "./phrases.ts";
import {
  type CatalogEntry,
  COLOURS_AND_MOODS,
  countsInUnits,
  itemsPerUnit,
  matchProduct,
  PACK_NOUNS,
  significantWords,
} from "./products.ts";
import { DESCRIBING, packWords, partsOf, secondProduct, sentencesOf } from "./second-product.ts";
import { normalize, singular } from "./text.ts";

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
