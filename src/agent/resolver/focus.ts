import type { ActionDefinition } from "../actions/definition.ts";
import type { Clock } from "./calendar.ts";
import { ENGLISH_WORDS } from "./english.ts";
import { windowOf } from "./fill.ts";
import { NUMBERS_IN_WORDS } from "./phrases.ts";
import { type CatalogEntry, catalogVocabulary, STOP_WORDS } from "./products.ts";
import { normalize, singular, words } from "./text.ts";

/**
 * What a question asks of a list that the call cannot ask for itself: one element ("the
 * biggest", "my last order"), the elements of one status ("still processing"), those whose text
 * names something ("spent on Netflix", "the transfer to Mum"), or those of some days (orders
 * have no date filter). The answer picks them from what came back and says how.
 */
export interface Focus {
  pick?: "largest" | "smallest" | "newest" | "oldest";
  status?: string;
  /** Words an element's text must hold one of ("netflix"). */
  words?: string[];
  /** What the question says the list is about ("on Netflix"): when no element holds it, the answer says so. */
  target?: string;
  days?: { from?: string; to?: string; said: string };
  /** The words that asked for it, for the answer ("biggest", "still processing"). */
  said: string;
}

const LARGEST = /\b(biggest|largest|highest|most expensive|priciest|costliest|maximum|max|heaviest)\b/;
const SMALLEST = /\b(smallest|lowest|cheapest|least expensive|minimum|min|tiniest)\b/;
const NOUNS =
  "transactions?|payments?|transfers?|orders?|deposits?|expenses?|purchases?|ones?|charges?|top-?ups?|salary|salaries|debits?|credits?|spend|spending|income|withdrawals?|item|items";
const NOT_TIME = "(?!(?:week|weeks|month|months|year|years|day|days|weekend|night|quarter|fortnight|\\d+)\\b)";
const NEWEST = new RegExp(
  `\\b(?:last|latest|most recent|newest|recent)\\s+${NOT_TIME}(?:\\w+\\s+)?${NOT_TIME}(?:${NOUNS})\\b|\\bwhen (?:did|was|were|is) (?:[\\w']+\\s+){1,3}?last\\b|\\bwhen was (?:my|the) last\\b|\\blast time\\b`,
);
const OLDEST = new RegExp(
  `\\b(?:first|earliest|oldest)\\s+${NOT_TIME}(?:\\w+\\s+)?${NOT_TIME}(?:${NOUNS})\\b|\\bwhen (?:did|was) (?:i|we) first\\b`,
);

/** Words that lead to what a list is about ("spent on Netflix", "sent to Mum", "paid for rent"). */
const TARGET =
  /\b(?:on|to|for|from|with|at|towards|into|via|by)\s+((?:(?:the|my|our|a)\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,2})/g;

/** Words about time and amounts, which name no element. */
const TIME_WORDS = new Set([
  ..."today yesterday tomorrow week weeks month months year years day days weekend morning evening night quarter fortnight last past this next ago since until till between recent recently far date dates period time ytd mtd total totals amount naira dollars usd ngn trailing rolling whole entire so far under over above below than less more least most exactly about around roughly".split(
    " ",
  ),
  ...Object.keys(NUMBERS_IN_WORDS),
]);

/** Words that name nothing in particular ("spent on things"). */
const GENERIC = new Set(
  "thing things stuff everything anything something item items all kind kinds sort sorts lot lots".split(" "),
);
const MONTH_OR_DAY =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*$/;

/** What the question asks of the chosen action's list, if it asks anything the call can't. */
export function focusOf(
  question: string,
  text: string,
  action: ActionDefinition,
  catalog: readonly CatalogEntry[],
  clock: Clock,
): Focus | undefined {
  const items = action.understanding?.items;
  if (!items) return undefined;
  const focus: Focus = { said: "" };
  const said: string[] = [];
  const largest = items.amount ? LARGEST.exec(text) : null;
  const smallest = items.amount ? SMALLEST.exec(text) : null;
  const newest = NEWEST.exec(text);
  const oldest = OLDEST.exec(text);
  const pick = largest
    ? (["largest", largest[0]] as const)
    : smallest
      ? (["smallest", smallest[0]] as const)
      : newest
        ? (["newest", newest[0]] as const)
        : oldest
          ? (["oldest", oldest[0]] as const)
          : undefined;
  if (pick) {
    focus.pick = pick[0];
    said.push(pick[1].trim());
  }
  const status = statusNamed(text, items.statuses ?? {});
  if (status) {
    focus.status = status.status;
    said.push(status.phrase);
  }
  if (items.text && action.name !== "search_products") {
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
      !GENERIC.has(word);
    const targets = [...question.toLowerCase().matchAll(TARGET)]
      .map((match) => words(normalize(match[1] as string)).filter(isWord))
      .filter((found) => found.length > 0);
    // Beside what follows "on", "to", "from"…: names as written ("Netflix", "Chidi") and products of the catalog ("yam").
    const proper = [...question.matchAll(/(?<=[^.?!\s]\s+)([A-Z][a-z][\w'-]*)/g)].map((match) =>
      (match[1] as string).toLowerCase(),
    );
    const products = new Set(catalogVocabulary(catalog).map(singular));
    const notId = (word: string) => !ids.some((id) => id.test(word));
    const candidates = words(text).filter(
      (word) => isWord(word) && !CHAT.has(word) && !ENGLISH_WORDS.has(word) && notId(word),
    );
    // What the question is about for sure: what follows "on", "to"…, a name as written, a product; other words filter only when some element holds them.
    const named = candidates.filter((word) => proper.includes(word) || products.has(singular(word)));
    const target = targets.map((found) => found.filter(notId)).find((found) => found.length > 0) ?? named;
    const all = [...new Set([...targets.flat(), ...candidates])].filter(notId);
    if (all.length > 0) focus.words = all;
    if (target.length > 0) focus.target = target.join(" ");
  }
  if (items.date && !Object.values(action.understanding?.parameters ?? {}).some((fill) => fill.from !== "pattern")) {
    const window = windowOf({ question, text, catalog, clock, action });
    if (window && !("period" in window) && !window.problem) focus.days = window;
  }
  focus.said = said.join(", ");
  return focus.pick || focus.status || focus.words || focus.days ? focus : undefined;
}

/** Words of chat, not of what is asked about ("abeg", "pls", "bro"). */
const CHAT = new Set(
  "abeg biko oga jare sha abi shey ehn wetin una dey wey bro sis mate innit guys lol omg pls plz yo ya naija nna haba chai kai ooo".split(
    " ",
  ),
);

const PRONOUNS = new Set("me you him her us them it myself their there here who whom".split(" "));

/** The status a phrase names, when it stands by the list's noun ("failed transactions", "orders still processing"). */
function statusNamed(text: string, statuses: Record<string, string[]>): { status: string; phrase: string } | undefined {
  const phrases = Object.entries(statuses)
    .flatMap(([status, named]) => [status, ...named].map((phrase) => ({ status, phrase: normalize(phrase).trim() })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  return phrases.find(({ phrase }) =>
    new RegExp(
      `\\b(?:${NOUNS})\\s+(?:\\w+\\s+){0,3}?${phrase}\\b|\\b${phrase}\\s+(?:\\w+\\s+){0,1}?(?:${NOUNS})\\b|\\b(?:only|just|still)\\s+(?:the\\s+)?${phrase}\\b`,
    ).test(text),
  );
}

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
