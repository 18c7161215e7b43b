import { ENGLISH_WORDS } from "./english.ts";
import { words } from "./text.ts";

/** Words before "'s" that are no person: contractions, times, things. */
const NOT_PEOPLE = new Set(
  "it what that there here let who how where when why today yesterday tomorrow tonight month week year day one everyone nobody he she this my your our the any anything everything all i something nothing morning afternoon evening night weekend christmas easter valentine valentines halloween thanksgiving season store shop app bank wallet account cart order".split(
    " ",
  ),
);
const DATA_NOUNS =
  "orders?|order|balance|wallet|transactions?|payments?|spending|income|cart|basket|trolley|account|purchases?|money|history|statement";
const MONTHS_AND_DAYS =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday|i)$/i;

/**
 * Whose data the question asks about when it is not the user's: a possessive ("Tunde's orders",
 * "my wife's balance", "someone else's cart"), "his/her/their" before the data, or "for/of" a
 * name ("orders for Tunde"). The user's own name is theirs. Returns the other person as written.
 */
export function otherPerson(
  question: string,
  userName: string | undefined,
  isThing: (word: string) => boolean = () => false,
): string | undefined {
  const own = new Set((userName ?? "").toLowerCase().split(/\s+/).filter(Boolean));
  const plain = question.replace(/[‘’`´]/g, "'");
  const relative =
    new RegExp(
      `\\b(?:my|our)\\s+(${RELATIVES})(?:\\s+[A-Z][a-z]+)?(?:'?s${OWNED}|\\s+(?:account|wallet|card|${DATA_NOUNS})\\b)`,
      "i",
    ).exec(plain) ??
    new RegExp(`\\b(?:did|does|has|have|is|was|were|will|can|could)\\s+(?:my|our)\\s+(${RELATIVES})\\b`, "i").exec(
      plain,
    ) ??
    // (Told before the user's own request, "my sister bought rice already, add 2 crates of eggs", it asks for no data of hers.)
    new RegExp(
      `^\\W*(?:my|our)\\s+(${RELATIVES})\\s+(?:\\w+\\s+)?(?:${SUBJECT_VERBS})\\b(?![^?]*[,.;!]\\s*(?:(?:please|pls|abeg|kindly|so|just)\\s+)*(?:add|put|buy|get me|order)\\b)`,
      "i",
    ).exec(plain);
  if (relative) return `your ${(relative[1] ?? "").toLowerCase()}'s`;
  if (/\b(?:someone|somebody|anyone|anybody) else's\b/i.test(plain)) return "someone else's";
  // An email address names an account: the agent acts for the signed-in user only, who never needs to give one.
  const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(plain);
  if (email) return `${email[0]}'s`;
  for (const match of plain.matchAll(new RegExp(`\\b([A-Za-z]+)'s${OWNED}`, "g"))) {
    const word = (match[1] ?? "").toLowerCase();
    if (NOT_PEOPLE.has(word) || own.has(word) || MONTHS_AND_DAYS.test(word) || isThing(word)) continue;
    // The whole name: capitalized words just before the possessive ("Ngozi Bello's").
    const before = /((?:\b[A-Z][a-z]+\s+)*)$/.exec(plain.slice(0, match.index))?.[1] ?? "";
    const names = words(before.toLowerCase()).filter(
      (name) => !NOT_PEOPLE.has(name) && !STARTERS.has(name) && !own.has(name),
    );
    return `${[...names, word].map(capitalized).join(" ")}'s`;
  }
  // A possessive written without its apostrophe ("whats tunde bakares balance"): a word no dictionary, action or catalog holds.
  for (const [, possessor = ""] of plain.matchAll(new RegExp(`\\b([A-Za-z]{3,})s\\s+(?:${DATA_NOUNS})\\b`, "gi"))) {
    const word = possessor.toLowerCase();
    if (
      NOT_PEOPLE.has(word) ||
      own.has(word) ||
      MONTHS_AND_DAYS.test(word) ||
      isThing(word) ||
      isThing(`${word}s`) ||
      ENGLISH_WORDS.has(word) ||
      ENGLISH_WORDS.has(`${word}s`) ||
      STARTERS.has(word)
    )
      continue;
    return `${capitalized(word)}'s`;
  }
  const pronoun = new RegExp(`\\b(his|her|their|our)\\s+(?:\\w+\\s+)?(${DATA_NOUNS})\\b`, "i").exec(plain);
  if (pronoun) return (pronoun[1] ?? "").toLowerCase();
  // "How much did she spend?": someone else's spending, said by a pronoun.
  const theirs =
    /\b(?:did|does|has|have|is|was)\s+(she|he|they)\s+(?:spend|spent|buy|bought|order|ordered|earn|earned)\b/i.exec(
      plain,
    )?.[1];
  if (theirs) return THEIRS.get(theirs.toLowerCase());
  // A name doing something with money or orders ("did Tunde buy…"), not a merchant that charged ("has Netflix cost me").
  const subject =
    /\b(?:did|does|has|have|is|was|were|will)\s+([A-Z][a-z]+)\s+(?:\w+\s+)?(?:spend|spent|buy|bought|order|ordered|pay|paid|receive|received|earn|earned|get|got|send|sent|transfer|transferred|make|made|have|has|had|owe|owes)\b(?!\s+(?:me|us)\b)/.exec(
      plain,
    ) ?? lowerCaseSubject(plain, own, isThing);
  const doer = subject?.[1];
  if (
    doer &&
    !own.has(doer.toLowerCase()) &&
    !MONTHS_AND_DAYS.test(doer) &&
    !isThing(doer.toLowerCase()) &&
    !NOT_PEOPLE.has(doer.toLowerCase())
  )
    return `${doer}'s`;
  // "Transactions for Tunde"; "money for Mum" is money the user sent.
  const named =
    new RegExp(
      // "Put it in my cart for Mama Bisi": the user's own cart, bought for someone.
      `(?<!\\b(?:my|our)\\s+)\\b(?:${DATA_NOUNS})\\b.*\\b(?:for|of|belonging to)\\s+(?!(?:${RELATIVES})\\b)([A-Z][a-z]+)\\b`,
      "",
    ).exec(plain) ??
    // "What's Tunde Bakare balance?": a name said before the data without "'s".
    /\b([A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(?:balance|wallet|orders|transactions|account|cart|basket)\b/.exec(plain);
  const name = named?.[1];
  if (
    name &&
    !own.has(name.toLowerCase()) &&
    !MONTHS_AND_DAYS.test(name) &&
    !STARTERS.has(name.toLowerCase()) &&
    !ENGLISH_WORDS.has(name.toLowerCase()) &&
    !NOT_PEOPLE.has(name.toLowerCase()) &&
    !isThing(name.toLowerCase())
  )
    return `${name}'s`;
  return undefined;
}

/**
 * What a possessive must own to be someone's data: data ("Tunde's orders", "my wife's wallet
 * balance"), or nothing said after it ("show me Tunde's"); not a thing of their life ("my cousin's
 * wedding", "my mum's 60th").
 */
const OWNED = `(?=\\s+(?:[\\w-]+\\s+){0,2}?(?:account|accounts|wallet|card|details|data|info|stuff|${DATA_NOUNS})\\b|\\s*(?:[.?!,;]|$))`;

/** A name written in lower case as the one who spent ("how much has chidi obi spent"): a word no dictionary or catalog holds. */
function lowerCaseSubject(
  plain: string,
  own: ReadonlySet<string>,
  isThing: (word: string) => boolean,
): RegExpExecArray | undefined {
  const found =
    /\b(?:did|does|has|have)\s+([a-z]+)(?:\s+[a-z]+)?\s+(?:spent|spend|bought|buy|paid|pay|received|earned|ordered|order)\b(?!\s+(?:me|us)\b)/.exec(
      plain.toLowerCase(),
    );
  const word = found?.[1];
  if (!found || !word || ENGLISH_WORDS.has(word) || NOT_PEOPLE.has(word) || own.has(word) || isThing(word))
    return undefined;
  found[1] = capitalized(word);
  return found;
}

/** The possessive of a pronoun that did the spending ("did she spend" asks about her spending). */
const THEIRS = new Map([
  ["she", "her"],
  ["he", "his"],
  ["they", "their"],
]);

/** People close to the user: "my husband" is someone else, whose data the agent does not look at. */
const RELATIVES =
  "sis|bro|mama|papa|mummy|mommy|daddy|auntie|aunty|hubby|wifey|bestie|husband|wife|partner|spouse|boyfriend|girlfriend|fiance|fiancee|sister|brother|mum|mom|mother|dad|father|son|daughter|kid|kids|child|children|friend|boss|colleague|flatmate|roommate|neighbour|neighbor|aunt|uncle|cousin|grandma|grandpa|grandmother|grandfather|niece|nephew|parents|in-laws|landlord|landlady|tenant|tenants|driver|maid|housemate|classmate|customer|customers";
/** What the relative may be the subject of ("my sister bought…"). */
const SUBJECT_VERBS = "spent|spend|spends|bought|buy|buys|earned|earns|received|receives|ordered|orders|has|had";

/** Capitalized words that begin a question, not a name ("Show Ngozi's orders"). */
const STARTERS = new Set(
  "show list get give tell find check what whats where when how did does is are can could please and or for of see display open view fetch pull has have had was were my your total which any all recent latest last".split(
    " ",
  ),
);

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
