import { THOUSANDS } from "./text.ts";

const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
/** Every number from one to ninety-nine that is said in one word. */
export const NUMBERS_IN_WORDS: Readonly<Record<string, number>> = { ...UNITS, ...TENS };

/** The units of a weight or volume ("kg", "litres", "cl"): a pack's size, no count of packs. */
export const WEIGHT_OR_VOLUME = "(?:kg|kgs|kilos?|kilograms?|g|grams?|l|ltrs?|litres?|liters?|cl|ml|lbs?)";

/** Numbers in words, as patterns: the tens ("twenty"), the digits after them ("-five"), and every one-word number. */
const TENS_WORDS = Object.keys(TENS).join("|");
const DIGIT_WORDS = Object.keys(UNITS).slice(0, 9).join("|");
const UNIT_WORDS = Object.keys(UNITS).join("|");
/** A number of tens said in words, with its digit ("twenty-five"); and a one-word number ("three", "eleven"). */
const TENS_SAID = new RegExp(`\\b(${TENS_WORDS})(?:[- ](${DIGIT_WORDS}))?\\b`);
const UNIT_SAID = new RegExp(`\\b(${UNIT_WORDS})\\b`);

/** A weight or volume said, in digits or words ("one 50 kg bag", "2 litres", "the fifty kilo one"). */
const MEASURED = new RegExp(
  `\\b(?:\\d+(?:\\.\\d+)?|(?:${TENS_WORDS})(?:[- ](?:${DIGIT_WORDS}))?|${UNIT_WORDS})[\\s-]*${WEIGHT_OR_VOLUME}\\b`,
  "g",
);

/** A number said in words ("the last three days"), and the vague ones a period takes ("a few days"). */
export const COUNT_WORDS: Readonly<Record<string, number>> = { couple: 2, few: 3, ...NUMBERS_IN_WORDS };

const PHRASES: Record<string, number> = {
  "half a": 0.5,
  "half an": 0.5,
  half: 0.5,
  quarter: 0.25,
  "a dozen": 12,
  dozen: 12,
  "a couple": 2,
  "a pair": 2,
};
/** Each phrase as a whole-word pattern, with its number, in the table's order. */
const PHRASES_SAID = Object.entries(PHRASES).map(([phrase, count]) => [new RegExp(`\\b${phrase}\\b`), count] as const);

/**
 * The quantity the shopper names, if any: a multiplier ("x2", "2 x"), digits ("3", and also "-3", "2.5" or "1000", which are
 * asked about or refused by the action's schema rather than quietly changed), words
 * ("three", "twenty-five") or phrases ("a couple of", "a dozen").
 */
export function quantityOf(text: string): number | undefined {
  // "For 10 people" counts eaters, not packs: peopleCount says so; "₦65,000" or "50 dollars" is money, not a count.
  // A pack's size ("one 50 kg bag") is no count either.
  const lower = text
    .toLowerCase()
    .replace(THOUSANDS, "")
    .replace(PEOPLE, " ")
    .replace(GROUP, " ")
    .replace(MONEY, " ")
    .replace(MEASURED, " ")
    // A numbered thing ("item 5", "no. 3", "point 2") is no count either.
    .replace(/\b(?:item|no\.|number|point|line|step|page|section|table|room|ref)\s*#?\s*\d+\b/g, " ")
    // What a pack holds ("the bag of 20", "a crate of 30") is no count of packs either.
    .replace(
      /\b(?:bags?|packs?|crates?|buckets?|baskets?|bunch(?:es)?|cartons?|box(?:es)?|tins?|bundles?) of \d+\b/g,
      " ",
    )
    // Money in words ("seventy thousand naira", "five hundred dollars") is no count either.
    .replace(
      /\b(?:[a-z]+[- ])?[a-z]+\s+(?:thousand|million|hundred)(?:\s+(?:naira|dollars?|pounds?|bucks))?\b|\b[a-z]+\s+(?:naira|dollars?|pounds|bucks)\b/g,
      (found) => (found.split(/[- \s]+/).some((word) => word in NUMBERS_IN_WORDS || word === "a") ? " " : found),
    )
    // A date ("Sunday 6 December", "Dec 24th") is no count of packs.
    .replace(
      /\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b/g,
      " ",
    )
    // A time of day ("10:00", "[09:41]", "4pm", "7.30am") is no count of packs.
    .replace(/\b\d{1,2}(?::\d{2}|(?:[.:]\d{2})?\s*(?:am|pm))\b/g, " ")
    // A length of time ("for one week", "3 days") is no count of packs.
    .replace(
      /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few)\s+(?:days?|weeks?|months?|years?|hours?|nights?|fortnights?)\b/g,
      " ",
    );
  // "x2", "× 3", "2x": a count written as a multiplier.
  const times = /(?:^|\s)[x×]\s*(\d+)\b|(?:^|\s)(\d+)\s*[x×](?=\s|$)/.exec(lower);
  if (times) return Number(times[1] ?? times[2]);
  const digits = /(^|[^\w.-])(-?\d+(?:\.\d+)?)\b/.exec(lower);
  if (digits) return Number(digits[2]);
  // The words are the tables' own keys (TENS_SAID and UNIT_SAID are made of them), so each is found.
  const [, tensWord = "", digitWord = ""] = TENS_SAID.exec(lower) ?? [];
  const tens = TENS[tensWord];
  if (tens !== undefined) return tens + (UNITS[digitWord] ?? 0);
  const [, unitWord] = UNIT_SAID.exec(lower) ?? [];
  if (unitWord) return UNITS[unitWord];
  return PHRASES_SAID.find(([said]) => said.test(lower))?.[1];
}

/** Weight and volume units, each with the name it is said back with. */
const MEASURE_UNITS: [RegExp, string][] = [
  [/^(?:kg|kgs|kilo|kilos|kilogram|kilograms|kilogrammes?)$/, "kg"],
  [/^(?:g|gr|gram|grams|grammes?)$/, "g"],
  [/^(?:l|ltr|ltrs|litre|litres|liter|liters)$/, "litre"],
  [/^(?:cl|centilitres?|centiliters?)$/, "cl"],
  [/^(?:ml|millilitres?|milliliters?)$/, "ml"],
  [/^(?:lb|lbs|pound|pounds)$/, "lb"],
];

/** A weight or volume the question names ("10kg", "2 litres", "500 g"), as said and in a common unit name. */
export function measureOf(text: string): { amount: number; unit: string; said: string } | undefined {
  for (const match of text
    .toLowerCase()
    .matchAll(/(?:^|[^\w.])(\d+(?:\.\d+)?|half an?|an?|[a-z]+)(?=\s*([a-z]+)\b)/g)) {
    const [, number = "", unitWord = ""] = match;
    const amount = /^\d/.test(number) ? Number(number) : (MEASURE_WORDS[number] ?? UNITS[number]);
    const unit = MEASURE_UNITS.find(([pattern]) => pattern.test(unitWord))?.[1];
    if (unit && amount !== undefined) return { amount, unit, said: `${number} ${unitWord}` };
  }
  return undefined;
}

/** Amounts said in words before a measure ("a kilo", "half a litre"); numbers in words come from UNITS. */
const MEASURE_WORDS: Record<string, number> = { a: 1, an: 1, "half a": 0.5, "half an": 0.5 };

/** Whether the measure is the pack's own size ("a 5kg bag" of a "5 kg bag"): then it names the pack, not an amount. */
export function sameMeasure(measure: { amount: number; unit: string }, packSize: string): boolean {
  const pack = measureOf(packSize);
  return pack !== undefined && pack.amount === measure.amount && pack.unit === measure.unit;
}

/** An amount of money, thousands separators and all ("₦65,000", "$1,200.50", "5k naira", "NGN 2000", "50 bucks"). */
export const MONEY =
  /(?:[₦$£€]|\b(?:ngn|usd|gbp|eur|n)\s?)\d[\d,]*(?:\.\d+)?k?\b|\b\d[\d,]*(?:\.\d+)?\s?(?:k\s?)?(?:naira|dollars?|usd|ngn|bucks|quid|pounds sterling|euros?|grand)\b/gi;

/** Currencies by how people write them. */
const CURRENCIES: [RegExp, string][] = [
  [/\$|usd|dollars?|bucks/i, "USD"],
  [/₦|ngn|naira|^n$/i, "NGN"],
  [/£|gbp|quid|pounds/i, "GBP"],
  [/€|eur|euros?/i, "EUR"],
];

/** The first amount of money a text names, as a number and its currency when it says one ("₦65,000" → 65000 NGN, "$6k" → 6000 USD). */
export function moneyOf(text: string): { amount: number; currency?: string; said: string } | undefined {
  const said = new RegExp(MONEY.source, "i").exec(text)?.[0];
  if (!said) return undefined;
  return amountSaid(said);
}

/**
 * The amounts a text holds against something, added up when it asks for them together ("rent of
 * $850 and $6,500 into savings — enough for both?"); else the first.
 */
export function moneyTogether(text: string): { amount: number; currency?: string; said: string } | undefined {
  const all = [...text.matchAll(new RegExp(MONEY.source, "gi"))].flatMap((match) => amountSaid(match[0]) ?? []);
  const [first] = all;
  const together = /\b(?:both|together|in total|altogether|combined|all of (?:it|that|them))\b/i.test(text);
  if (!first || all.length < 2 || !together || all.some((each) => each.currency !== first.currency)) return first;
  const amount = all.reduce((sum, each) => sum + each.amount, 0);
  return {
    amount,
    ...(first.currency ? { currency: first.currency } : {}),
    said: all.map((each) => each.said).join(" + "),
  };
}

function amountSaid(said: string): { amount: number; currency?: string; said: string } | undefined {
  const number = /(\d[\d,]*(?:\.\d+)?)\s?(k|grand)?/i.exec(said);
  if (!number) return undefined;
  const amount = Number((number[1] ?? "").replaceAll(",", "")) * (number[2] ? 1000 : 1);
  const currency = CURRENCIES.find(([pattern]) => pattern.test(said.replace(/[\d,.\s]|k\b/gi, "") || ""))?.[1];
  return { amount, ...(currency ? { currency } : {}), said: said.trim() };
}

/** A number of people ("for 10 people", "50 guests", "60 conference guests", "my 3 roommates"): how many eat, not how many packs. */
const PEOPLE =
  /\b(?:for\s+)?(?:\d+|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen|few|several|many)(?:-[a-z]+)?)\s+(?:[a-z]+\s+)?(?:people|persons|ppl|pple|guests|adults|kids|children|visitors|mouths|family members|friends|colleagues|apprentices|staff|workers|students|pupils|members|employees|boys|girls|roommates|flatmates|housemates|neighbours|neighbors|siblings|cousins|of us)\b/gi;

/** People said as a group of a size ("a family of six", "a party of 20"). */
const GROUP =
  /\b(?:a\s+)?(?:family|household|party|group|team|table|house|crowd)\s+of\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\b/gi;

/** The number of people the shopper cooks for, as said ("for 10 people", "a family of six"), if any. */
export function peopleCount(text: string): string | undefined {
  return (text.match(PEOPLE) ?? text.match(GROUP))?.[0].trim();
}

/** An amount the question filters by ("over $100", "less than 5,000 naira"); not a time ("over 3 months"). */
export function amountFilter(question: string): string | undefined {
  return /\b(?:over|above|pass|more than|greater than|larger than|bigger than|at least|under|below|less than|smaller than|at most|between)\s*(?:\$|₦|usd|ngn|n)?\s*\d[\d,.]*(?![\d,.\-/:])(?:k\b)?(?!\s*(?:days?|weeks?|months?|years?|d|am|pm|st|nd|rd|th|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b)(?:\s*(?:dollars|naira|usd|ngn|\$))?/i
    .exec(question)?.[0]
    .trim();
}
