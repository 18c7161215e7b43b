import { NUMBERS_IN_WORDS, WEIGHT_OR_VOLUME } from "../resolver/phrases.ts";

/**
 * Conditions on a change ("only if it's less than 5000 naira", "unless it's more than 40k",
 * "as long as I have enough money"). A condition is checked against what the agent can read:
 * the product's price as the catalog gives it (a range, "₦35,000 - ₦55,000"), the wallet's
 * balance, whether the catalog sells the product and its season. The change is made only when
 * the condition surely holds; a range that straddles the bound, money in another currency than
 * the prices and a fact no action reads cannot be told.
 */
export interface Condition {
  /** The condition as the user said it. */
  said: string;
  subject: "price" | "balance" | "sold here" | "in season" | "later" | "first" | "status" | "unknown";
  /** For a season: the one the condition names ("In Season", or "Off Season" for "if it's off season"). */
  season?: string;
  /** For a status: the record an action reads by its reference, and the status it must have ("if ORD-K9M4TX is still processing"). */
  record?: { action: string; parameter: string; value: string; status: string };
  /** The bound it is held against, when it names one. */
  bound?: { compare: Compare; amount: number; currency?: string; said: string };
  /** "Unless": the change is made when the test does not hold. */
  unless: boolean;
  /** What the price is held against: each pack, the whole quantity, or (when not said) both, which must agree. */
  of: "each" | "total" | "either";
}

export type Compare = "<" | "<=" | ">" | ">=" | "=";

export type Outcome = { holds: boolean; why: string } | { holds: undefined; why: string };

/** A time ahead that a change is put off to ("add it tomorrow", "buy rice next week"): a change the agent can only make now. */
const LATER =
  /\b(?:tomorrow(?!'s)|tmrw|tmr|later(?: on)?|next (?:week|month|time|year)|this weekend|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:by|before|on) the (?:weekend|end of the (?:week|month))|after (?:payday|pay day|my salary)|at (?:the )?month end|in (?:a|an|\d+|two|three) (?:hours?|days?|weeks?))\b/i;

/** Words that open a condition; "when" and "once" only when they do not ask a question ("when is my order coming?"). */
export const CONDITION_START =
  /(?<!\bfor\s)\b(?:before (?=(?:you|u|we|i|adding|buying|putting)\b)(?!(?:i|we) (?:go|leave|travel|fly|sleep|forget|head out|close|run out|could|can|would|get to)\b)|after (?=(?:you|u|i|we|it|that|this|sending|paying|cancell?ing|refunding|transferring)\b)|should (?=(?:[\w'’,₦$]+\s+){1,7}?(?:be|cost|come|go|sell|reach|pass)\b)|tomorrow(?!'s)|tmrw|tmr|later(?: on)?|next (?:week|month|time)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|after (?:payday|pay day|my salary)|(?:but )?only (?:if|when)|if and only if|if|unless|provided(?: that)?|providing(?: that)?|as long as|so long as|assuming(?: that)?|on (?:the )?(?:strict |sole |one |express )?condition(?:s)? that|in case|should (?:it|they|the price|that|this) (?:be|cost|come)|when(?!\s+(?:is|was|are|were|did|does|do|will|would|can|could|should|has|have|had|you|u)\b)|once(?!\s+(?:again|more)\b)|whenever)\b/i;

/** An "if" that is no condition: politeness ("if you can", "if possible") or "whether" ("tell me if…"). */
const NOT_A_CONDITION =
  /\bif (?:you|u) (?:would|could|will) (?:be so kind|be kind enough|kindly|oblige)\b|\bif you please\b|\bwhenever\b|\bif (?:you|u|una) (?:can|could|may|might|would|will|fit)\b(?=\s*(?:[^a-z0-9\s]|$|please|pls|thanks|thank|abeg|o\b|sha\b|biko|and\b))|\bif (?:you|u|una) (?:don'?t mind|do not mind|please|are able|have (?:the )?time|get chance|like|want|wish|no mind)\b|\bif (?:it'?s |it is |that'?s |that is |its |e )?(?:possible|ok(?:ay)?|alright|all right|fine|no problem|not too much (?:trouble|wahala)|convenient|no wahala)\b|\bif (?:need be|so|any|necessary)\b|\b(?:know|check|see|tell me|ask|wonder|wondering|sure|find out|confirm|let me know|idea|unsure|not sure|say|show me) (?:me )?(?:if|whether)\b|\bwhen (?:you|u) (?:can|get (?:a )?chance|have (?:a )?(?:moment|chance|time))\b|\bas (?:soon as|fast as) (?:you|u|possible)\b|\bbefore (?:i|we) forget\b/i;

/**
 * Where a condition starts in a part of a message, or -1. A time ahead ("tomorrow", "on Sunday")
 * puts off only a change asked for before it in the same part (`requestAt`).
 */
export function conditionAt(part: string, requestAt: number | undefined): number {
  const masked = part.replace(new RegExp(NOT_A_CONDITION.source, "gi"), (found) => "_".repeat(found.length));
  for (const found of masked.matchAll(new RegExp(CONDITION_START.source, "gi"))) {
    const at = found.index ?? 0;
    // "Should it cost less than 5k, …" opens its sentence; "you should be able to" is no condition.
    if (/^should/i.test(found[0]) && part.slice(0, at).trim() !== "") continue;
    // "…charcoal for the bbq tmrw": a time in what the add is for puts nothing off.
    const purpose = requestAt !== undefined && /\bfor\b/i.test(part.slice(requestAt, at));
    if (!LATER.test(found[0]) || (requestAt !== undefined && requestAt < at && !purpose)) return at;
  }
  return -1;
}

const COMPARES: [RegExp, Compare][] = [
  [/\b(?:not|no|isn'?t|is not|never) (?:less|lower|cheaper) than\b|\bno less than\b|\bat least\b|\bminimum\b/i, ">="],
  [
    /\b(?:not|no|isn'?t|is not|never|doesn'?t|does not) (?:more|higher|dearer|pricier|costlier|greater) than\b|\bno more than\b|\b(?:won'?t|will not|wouldn'?t|would not) (?:be|cost|come to|go) (?:more|higher|above|over) (?:than)?\b|\bnot (?:over|above|exceed(?:ing)?|up to)\b|\b(?:isn'?t|isnt|is not|aren'?t|are not|won'?t be|will not be) (?:over|above|beyond)\b|\b(?:doesn'?t|does not|don'?t|do not) (?:exceed|pass|cross|go (?:over|above))\b|\b(?:no|not|never|won'?t|will not|doesn'?t|does not|don'?t|do not)\s+(?:go\s+)?(?:pass|reach|cross|exceed|go over|go above)\b|\bat most\b|\bmax(?:imum)?\b|\bup to\b|\bwithin\b|\bor less\b|\bor under\b|≤|<=/i,
    "<=",
  ],
  // Pidgin compares with "pass": "e cheap pass ₦10,000" is cheaper than it, "e cost pass" dearer.
  [
    /\b(?:less|lower|cheaper) than\b|\b(?:cheap|cheaper|low|lower|small|smaller|less) pass\b|\bunder\b|\bbelow\b|\bbeneath\b|\bless\b|</i,
    "<",
  ],
  [/\bor more\b|\bor above\b|≥|>=/i, ">="],
  [
    /\b(?:more|higher|dearer|pricier|costlier|greater) than\b|\bover\b|\babove\b|\bexceed(?:s|ing)?\b|\bpass(?:es)?\b|\bcross(?:es)?\b|\bmore\b|>/i,
    ">",
  ],
];

/** An amount of money: "5000 naira", "₦5,000", "40k", "N40k", "$20", "20 dollars", "5 thousand". */
const AMOUNT = new RegExp(
  `(?<sign>[₦$£€]|\\bngn\\s?|\\busd\\s?|\\bn(?=\\d))?(?<number>\\d[\\d,]*(?:\\.\\d+)?)(?!\\d|\\s?${WEIGHT_OR_VOLUME}\\b)\\s?(?<scale>k\\b|thousand\\b|grand\\b|m\\b|million\\b)?\\s?(?<currency>naira|dollars?|usd|ngn|bucks|pounds?|quid|euros?)?`,
  "i",
);

/** A condition that points back to a question asked before it ("…above $5,000 abi? if yes, add 1 bundle"). */
const IF_YES =
  /^\W*(?:but\s+)?(?:only\s+)?if (?:yes|so|e dey|e be so|true|that'?s (?:true|right|so|the case)|it is|it does|it has|e pass|e reach)\W*$/i;

/** The condition as it is meant: "if yes" after a question is that question ("if my balance is still above $5,000"). */
export function antecedent(condition: string, own: string): string {
  const at = own.indexOf(condition.trim());
  if (!IF_YES.test(condition) || at < 0) return condition;
  const asked = own
    .slice(0, at)
    .match(/[^.!?\n]*\?/g)
    ?.at(-1);
  return asked ? `if ${asked.replace(/\?/g, "").trim()}` : condition;
}

/** Reads a condition's words. */
export function readCondition(said: string): Condition {
  const text = withDigits(said.trim().replace(/\ba (thousand|million)\b/gi, "1 $1"));
  const unless = /^\W*unless\b/i.test(text) || /\bunless\b/i.test(text.slice(0, 12));
  // "If the eggs cost ₦6,500", "if it's still 6500": a price said with no comparison is that price.
  const compared = COMPARES.map(([pattern, how]) => ({ found: pattern.exec(text), how })).find(({ found }) => found);
  const priced = /\b(?:costs?|is|are|be|still|price[sd]?|sells? for|goes for|going for)\b/i.exec(text);
  const compare = compared?.how ?? (priced ? "=" : undefined);
  // The amount is the one the comparison names ("2 buckets … less than ₦5,000" is held against ₦5,000).
  const from = compared?.found?.index ?? priced?.index ?? 0;
  // "₦100,000 or less for the 50kg": a comparison said after its amount takes the amount before it.
  const before = /^(?:or|and)\b/i.test(compared?.found?.[0] ?? "")
    ? [...text.slice(0, from).matchAll(new RegExp(AMOUNT.source, "gi"))].filter((each) => /\d/.test(each[0])).at(-1)
    : undefined;
  const amount = before ?? AMOUNT.exec(text.slice(from)) ?? AMOUNT.exec(text);
  const number = amount?.groups?.number;
  const bound =
    compare && amount && number
      ? {
          compare,
          amount: Number(number.replaceAll(",", "")) * scaleOf(amount.groups?.scale),
          ...currencyOf(amount.groups?.sign, amount.groups?.currency),
          said: amount[0].trim(),
        }
      : undefined;
  const of =
    /\b(?:each|per|apiece|a piece|one|a (?:crate|bag|pack|tuber|bunch|keg|bottle|basket|bucket|wrap|head|bird|cob|sachet|tin|carton|litre|kilo|kg)|the unit)\b/i.test(
      text,
    )
      ? "each"
      : /\b(?:total|in all|altogether|all together|together|all of (?:it|them)|the lot|for all|everything|overall|combined)\b/i.test(
            text,
          )
        ? "total"
        : "either";
  const base = { said: said.trim(), unless, of } as const;
  if (/^\W*(?:before|after)\b/i.test(text)) return { ...base, subject: "first" };
  if (LATER.test(text) && !/^\W*(?:if|unless|provided|as long|so long|assuming|should|only)\b/i.test(text))
    return { ...base, subject: "later" };
  if (
    /\b(?:balance|wallet|account|funds?|money|afford|cover|enough|i (?:have|get|still have)|i'?ve got|i got|left|salary)\b/i.test(
      text,
    )
  )
    return /\bsalary|came in|comes in|come in|paid|arrive/i.test(text) && !bound
      ? { ...base, subject: "unknown" }
      : { ...base, subject: "balance", ...(bound ? { bound: balanceBound(text, bound) } : {}) };
  // "Unless palm oil is off season": the season named is the one tested.
  if (/\b(?:off|out of|not in)\s+season\b/i.test(text)) return { ...base, subject: "in season", season: "Off Season" };
  if (/\bin season\b|\bseason\b/i.test(text)) return { ...base, subject: "in season", season: "In Season" };
  const stock =
    /\b(?:in stock|stock|available|availability|left|remaining|you (?:have|get)|una (?:get|have)|it dey|e dey|they dey|dem dey)\b/i;
  // A count of what is in stock ("if you have at least 3 in stock") is nothing the agent reads.
  if (bound && stock.test(text) && !bound.currency && !/\d\s?(?:k|thousand|grand|m|million)\b/i.test(bound.said))
    return { ...base, subject: "unknown" };
  // A price bound is the price, whatever words of stock come with it ("if e dey under 100k"); a small bare number is no price ("than at Mile 12").
  if (bound && (bound.currency || bound.amount >= 100 || /\d\s?(?:k|thousand|grand|m|million)\b/i.test(bound.said)))
    return { ...base, subject: "price", bound };
  // The catalog says what is sold, not how much is in stock: "if it's in stock", "if available" cannot be told.
  if (
    /\b(?:you (?:sell|carry)|(?:it'?s|it is|they'?re|they are) (?:sold|on the app|in the catalog)|una (?:sell))\b/i.test(
      text,
    )
  )
    return { ...base, subject: "sold here" };
  if (bound) return { ...base, subject: "price", bound };
  return { ...base, subject: "unknown" };
}

/**
 * A bound on the balance as people say it: "if I have up to 50k" and "if my money reach 50k"
 * mean at least that much; "50k" or "50 thousand" with no currency is naira, as Nigerians write it.
 */
function balanceBound(text: string, bound: NonNullable<Condition["bound"]>): NonNullable<Condition["bound"]> {
  const atLeast =
    /\b(?:up to|reach(?:es)?|pass(?:es)?|upto)\b/i.test(text) &&
    !/\b(?:not|no|don'?t)\s+(?:up to|reach|pass)/i.test(text);
  const naira = !bound.currency && /\d\s?(?:k|thousand)\b/i.test(bound.said);
  return { ...bound, ...(atLeast ? { compare: ">=" as const } : {}), ...(naira ? { currency: "NGN" } : {}) };
}

function scaleOf(scale: string | undefined): number {
  if (!scale) return 1;
  return /^m/i.test(scale) ? 1_000_000 : 1000;
}

function currencyOf(sign: string | undefined, word: string | undefined): { currency?: string } {
  const said = `${sign ?? ""}${word ?? ""}`.toLowerCase().trim();
  if (said === "") return {};
  if (/\$|usd|dollar|buck/.test(said)) return { currency: "USD" };
  if (/£|pound|quid/.test(said)) return { currency: "GBP" };
  if (/€|euro/.test(said)) return { currency: "EUR" };
  return { currency: "NGN" };
}

/** Amounts said in words, as digits: "twenty thousand naira" → "20 thousand naira". */
function withDigits(text: string): string {
  const units = Object.keys(NUMBERS_IN_WORDS).join("|");
  return text.replace(
    new RegExp(`\\b((?:${units})(?:[- ](?:${units}))?)(?=\\s+(?:thousand|million|grand|hundred)\\b)`, "gi"),
    (words) =>
      String(
        words
          .toLowerCase()
          .split(/[- ]/)
          .reduce((sum, word) => sum + (NUMBERS_IN_WORDS[word] ?? 0), 0),
      ),
  );
}
