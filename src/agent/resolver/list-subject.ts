import type { ActionDefinition } from "../actions/definition.ts";
import { MONTH_OR_DAY } from "./calendar.ts";
import { ABBREVIATIONS, ENGLISH_WORDS } from "./english.ts";
import { NUMBERS_IN_WORDS } from "./phrases.ts";
import { type CatalogEntry, catalogVocabulary, matchProduct, STOP_WORDS } from "./products.ts";
import { hasPhrase, normalize, singular, words } from "./text.ts";

/** What a list is about, as the question says it. */
export interface ListSubject {
  /** Words an element's text must hold one of ("netflix"). */
  words?: string[];
  /** A product named for sure, which an element's text must hold whole ("the parboiled rice": not Ofada Rice). */
  product?: string;
  /** What the question says the list is about ("on Netflix"): when no element holds it, the answer says so. */
  target?: string;
  /** What an element's text must not hold ("if you take out the rent", "apart from Netflix"): the words and how they were said. */
  leaving?: { words: string[]; said: string };
}

/**
 * What a question says a list is about, which an element's text must hold: the words after
 * "spent on", "sent to", "from"…, names as written ("Netflix"), the merchant that charged, a
 * card's last digits, products of the catalog; other words narrow only when some element holds
 * them (the answer checks).
 */
export function subjectOf(
  question: string,
  text: string,
  action: ActionDefinition,
  catalog: readonly CatalogEntry[],
): ListSubject {
  const subject: ListSubject = {};
  const known = readingWords(action);
  // An id the action is called with ("ORD-K9M4TX") names the element already.
  const ids = Object.values(action.understanding?.parameters ?? {}).flatMap((fill) =>
    fill.from === "pattern" ? [new RegExp(`^${fill.pattern.replace(/^\\b/, "")}`, "i")] : [],
  );
  const isWord = (word: string): boolean => (word.includes("-") ? word.split("-").every(isWord) : isPlainWord(word));
  const isPlainWord = (word: string) =>
    word.length >= 3 &&
    /^[a-z]/.test(word) &&
    !STOP_WORDS.has(word) &&
    !TIME_WORDS.has(word) &&
    !MONTH_OR_DAY.test(word) &&
    !known.has(word) &&
    !known.has(singular(word)) &&
    !PRONOUNS.has(word) &&
    !CHAT.has(word) &&
    !GENERIC.has(word);
  const targets = [...question.toLowerCase().matchAll(TARGET), ...question.toLowerCase().matchAll(PAYEE)]
    .map(([, said = ""]) =>
      words(normalize(said))
        .map((word) => CURRENCY_CODES[word] ?? ABBREVIATIONS[word] ?? word)
        .filter((word) => Object.values(CURRENCY_CODES).includes(word) || isWord(word)),
    )
    .filter((found) => found.length > 0);
  // Beside what follows "on", "to", "from"…: names as written ("Netflix", "Chidi") and products of the catalog ("yam").
  const proper = [...question.matchAll(/(?<=[^.?!\s]\s+)([A-Z][a-z][\w'-]*)/g)].map(([, name = ""]) =>
    name.toLowerCase(),
  );
  const products = new Set(catalogVocabulary(catalog).map(singular));
  const notId = (word: string) => !ids.some((id) => id.test(word));
  // "What I spent if you take out the rent": what is left out names no element to look for, but ones to leave.
  const leaving = [...question.toLowerCase().matchAll(LEAVING)]
    .flatMap(([, left = ""]) => words(left))
    .filter(
      (word) =>
        !STOP_WORDS.has(word) &&
        !TIME_WORDS.has(word) &&
        !GENERIC.has(word) &&
        !PRONOUNS.has(word) &&
        !CHAT.has(word) &&
        (!ENGLISH_WORDS.has(word) || SYNONYMS[word] !== undefined) &&
        !known.has(word) &&
        !known.has(singular(word)),
    );
  // "Salary inclusive", "including refunds": what is let in, not what the list is narrowed to.
  const including = [...text.matchAll(INCLUDING)].map(([, before, after]) => before ?? after ?? "");
  const kept = (word: string) => !leaving.includes(word) && !including.includes(word);
  const candidates = words(text).filter(
    (word) => isWord(word) && !ENGLISH_WORDS.has(word) && notId(word) && kept(word),
  );
  // What the question is about for sure: what follows "on", "to"…, a name as written, a product; other words filter only when some element holds them.
  // A merchant as the one that charged ("did netflix charge me", "has Netflix cost me").
  const charger = [
    ...text.matchAll(
      /\b(?:did|has|have|does|do)\s+([a-z][\w-]*)\s+(?:charge|charged|bill|billed|debit|debited|take|taken|remove|removed|deduct|cost)\b/g,
    ),
    ...text.matchAll(
      /\b([a-z][\w-]*)\s+(?:has\s+|have\s+|don\s+|dey\s+)?(?:been\s+)?(?:charg\w*|bill\w*|debit\w*|cost|costing|taken|taking|chop|chopped)\s+(?:how much\s+)?(?:me|us|from)\b/g,
    ),
  ]
    .map(([, merchant = ""]) => merchant)
    .find((word) => !PRONOUNS.has(word) && !GENERIC.has(word) && !STOP_WORDS.has(word));
  // A card by its last digits ("the one ending 4821"), and things named in two words ("top ups").
  const ending = /\bending(?: in)? (\d{3,4})\b/.exec(text)?.[1];
  const compounds = Object.entries(COMPOUNDS)
    .filter(([phrase]) => hasPhrase(text, phrase))
    .map(([, word]) => word);
  // Product words name what a storefront list is about; in the wallet's lines they are no merchant ("last christmas").
  // "Just the interest, not salary": a word said not to count names nothing to look for.
  const negated = new Set(
    [
      ...text.matchAll(/\b(?:not|no|except|excluding|without|apart from|but not)\s+(?:the\s+|my\s+)?([a-z][\w-]*)/g),
    ].map(([, word = ""]) => word),
  );
  const named = [
    ...(ending ? [ending] : []),
    ...compounds,
    ...candidates.filter(
      (word) =>
        word === charger ||
        proper.includes(word) ||
        (SYNONYMS[word] !== undefined && !negated.has(word)) ||
        (action.service === "storefront" && products.has(singular(word))),
    ),
  ];
  // A card's last digits say which one, whatever the prepositions name ("topped up with my other card, the one ending 4821").
  // "Between rent and everything else": all of it, not the rent.
  const everything =
    /\beverything(?: else)?\b|\ball of it\b|\bthe lot\b|\banything at all\b|\ball sources\b|\boverall\b|\ball together\b|\ball in all\b/.test(
      text,
    );
  const prepositional = targets
    .map((found) => found.filter((word) => notId(word) && kept(word)))
    .find((found) => found.length > 0);
  // A currency named is what an exchange is asked by ("every GBP exchange"), whatever else is named.
  const currencies = candidates.filter((word) => Object.values(CURRENCY_CODES).includes(word));
  const target = intoCurrency(
    text,
    ending ? [ending] : (prepositional ?? (everything ? [] : currencies.length > 0 ? currencies : named)),
  );
  const all = everything
    ? []
    : [...new Set([...targets.flat(), ...candidates])].filter((word) => notId(word) && kept(word));
  // What the question is about for sure narrows by itself ("convert to pounds" looks for GBP, not every exchange).
  const narrowing = target.length > 0 ? target : all;
  if (narrowing.length > 0)
    subject.words = [...new Set(narrowing.flatMap((word) => [word, ...(SYNONYMS[word] ?? [])]))];
  if (target.length > 0) subject.target = [...new Set(target)].join(" ");
  if (leaving.length > 0)
    subject.leaving = {
      words: [...new Set(leaving.flatMap((word) => [word, ...(SYNONYMS[word] ?? [])]))],
      said: [...new Set(leaving)].join(" "),
    };
  // On a storefront list a product named for sure is that product, not every name sharing a word.
  const product = action.service === "storefront" ? matchProduct(text, catalog) : null;
  if (product && "product" in product) subject.product = product.product.name;
  return subject;
}

/** Of two currencies named ("from dollar to naira"), the one changed to says which exchange. */
function intoCurrency(text: string, target: string[]): string[] {
  const codes = Object.values(CURRENCY_CODES);
  if (target.filter((word) => codes.includes(word)).length < 2) return target;
  const into = [...text.matchAll(/\b(?:to|into|for) ([a-z]+)\b/g)]
    .map(([, word = ""]) => CURRENCY_CODES[word])
    .find((code) => code !== undefined && target.includes(code));
  return into ? target.filter((word) => word === into || !codes.includes(word)) : target;
}

/**
 * Words that lead to what a list is about after moving money ("spent on Netflix", "sent to Mum",
 * "paid for rent", "a payment from Chidi"); not a purpose or an idiom ("I need it for my taxes",
 * "she is on my case", "June to August").
 */
const TARGET =
  /\b(?:conversions?|convert(?:ed)?|change[d]?|exchange[d]?|topped|top|spen[dt]|spending|paid|pay|paying|payments?|sent|send|sending|transfer(?:red|s)?|charged?|bought|buy|cost|went|go|gone|going|received?|got|came|owe[ds]?)\s+(?:[\w$₦.,]+\s+){0,3}?(?:on|to|for|from|with|at|towards|into|via|by)\s+(?!(?:in|with|during|over|at|between|from|this|last|that|there|here)\b)((?:(?:the|my|our|a)\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})/g;

/** What a question leaves out of a list: "except", "excluding", "apart from", "if you take out", "not counting"… */
const LEAVING =
  /\b(?:except(?: for)?|excluding|exclude|without|apart from|aside from|other than|besides|minus|but not|not counting|not including|(?:don't|dont|do not) (?:count|include)|leav(?:e|ing) out|tak(?:e|ing) out|took out|tak(?:e|ing) away|remov(?:e|ing))\s+(?:(?:the|my|all|any|those|that|of)\s+)*((?:[a-z][\w'-]*\s*){1,3})/g;

/** A word the question lets into the list rather than narrowing it to ("salary inclusive", "including refunds"). */
const INCLUDING =
  /\b(?:including|incl|inclusive of|along with|as well as)\s+(?:the\s+|my\s+|all\s+)?([a-z][\w-]*)|\b([a-z][\w-]*)\s+(?:inclusive|included|too|as well)\b/g;

/** Whom money went to, said without "to" ("how much have I sent my mum", "paid the landlord"). */
const PAYEE =
  /\b(?:sent|send|sending|paid|pay|paying|transferred|gave|give|giving)\s+((?:my|our|the)\s+[a-z][\w'-]*|(?!(?:me|us|you|him|her|them|it|money|cash|out|back|in|to|for|off|up)\b)[a-z][\w'-]*)/g;

/** Words about time and amounts, which name no element (nor a product: "foodstuff for the week"). */
export const TIME_WORDS = new Set([
  ..."today yesterday tomorrow before after ever first second third fourth half early mid middle late end start beginning week weeks month months year years day days weekend morning evening night quarter fortnight last past this next ago since until till between recent recently far date dates period time ytd mtd total totals amount naira dollars usd ngn trailing rolling whole entire so far under over above below than less more least most exactly about around roughly".split(
    " ",
  ),
  ...Object.keys(NUMBERS_IN_WORDS),
]);

/** Words that name nothing in particular ("spent on things", "came into my wallet from…"). */
const GENERIC = new Set(
  "thing things stuff everything anything something item items all only whole total lot go goes going gone went come comes coming came through thru kind kinds sort sorts lot lots other from to for on at with by into via of in out up the and or but actually really just even ever again already yet still also too anyway recently lately maybe probably honestly basically literally valentine valentines christmas easter halloween holiday holidays eve".split(
    " ",
  ),
);
/** Words people use for what a line of the list calls otherwise ("mom" is the "Mum" of "Transfer to Mum"). */
const SYNONYMS: Record<string, string[]> = Object.fromEntries(
  [
    ["mum", "mom", "mama", "mummy", "mommy", "mother", "mumsy"],
    ["salary", "paycheck", "paycheque", "wages", "wage", "payslip", "pay"],
    ["landlord", "landlady", "rent"],
    ["interest"],
    ["cashback"],
    ["refund", "refunds"],
    ["top-up", "topup", "topped", "top"],
    ["exchange", "convert", "converted", "conversion", "conversions", "fx"],
  ].flatMap((group) => group.map((word) => [word, group.filter((other) => other !== word)])),
);

/** Things named in two words, as a line writes them in one ("top ups": "Card top-up"). */
const COMPOUNDS: Record<string, string> = {
  "top up": "top-up",
  "top ups": "top-up",
  "topped up": "top-up",
  "cash back": "cashback",
};

/** A currency said in words, as a line writes it ("convert to pounds": "USD → GBP exchange"). */
export const CURRENCY_CODES: Record<string, string> = {
  naira: "ngn",
  ngn: "ngn",
  gbp: "gbp",
  usd: "usd",
  eur: "eur",
  pounds: "gbp",
  pound: "gbp",
  sterling: "gbp",
  dollars: "usd",
  dollar: "usd",
  euros: "eur",
  euro: "eur",
};

/** Words of chat, not of what is asked about ("abeg", "pls", "bro"). */
const CHAT = new Set(
  "abeg biko oga jare sha abi shey ehn wetin una dey wey bro sis mate innit guys lol omg pls plz yo ya naija nna haba chai kai ooo".split(
    " ",
  ),
);

const PRONOUNS = new Set("me you him her us them it myself their there here who whom".split(" "));

/**
 * Words that say how to read the list, not what it is about: the action's period phrases
 * ("last week"), its status phrases, and nouns of any list. Other words may be what it is about
 * ("rent", "salary", "refund"): an element's text that holds one is what was asked for.
 */
function readingWords(action: ActionDefinition): Set<string> {
  return new Set([
    ...Object.values(action.understanding?.parameters ?? {}).flatMap((fill) =>
      fill.from === "period"
        ? Object.values(fill.values)
            .flat()
            .flatMap((phrase) => words(normalize(phrase)))
        : [],
    ),
    ...Object.values(action.understanding?.items?.statuses ?? {})
      .flat()
      .flatMap((phrase) => words(normalize(phrase))),
    ...LIST_NOUNS,
  ]);
}

/** Nouns of lists and money in general, which name no element ("payments", "money"). */
const LIST_NOUNS =
  "transaction transactions payment payments transfer transfers order orders deposit deposits expense expenses purchase purchases charge charges debit debits credit credits spend spending income money cash fund funds wallet account history statement activity ones one item items product products spent received earned much many summary overview breakdown report figures numbers details info information update net flow".split(
    " ",
  );
