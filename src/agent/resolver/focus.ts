import type { ActionDefinition } from "../actions/definition.ts";
import { naira } from "../template.ts";
import type { Clock } from "./calendar.ts";
import { calendarUnit } from "./date-parts.ts";
import { windowOf } from "./fill.ts";
import { CURRENCY_CODES, type ListSubject, subjectOf } from "./list-subject.ts";
import { amountFilter, moneyOf, moneyTogether, NUMBERS_IN_WORDS, quantityOf } from "./phrases.ts";
import { type CatalogEntry, matchProduct, priceRange } from "./products.ts";
import { normalize, THOUSANDS } from "./text.ts";

/**
 * What a question asks of a list that the call cannot ask for itself: one element ("the
 * biggest", "my last order"), the elements of one status ("still processing"), those whose text
 * names something ("spent on Netflix", "the transfer to Mum"), or those of some days (orders
 * have no date filter). The answer picks them from what came back and says how.
 */
export interface Focus extends ListSubject {
  pick?: "largest" | "smallest" | "newest" | "oldest";
  /** How many to pick ("my last 5 transactions"), when more than one. */
  count?: number;
  status?: string;
  days?: { from?: string; to?: string; said: string };
  /** The amounts asked for ("over $1,000"), which the call cannot filter by. */
  amounts?: { atLeast?: number; atMost?: number; currency?: string; said: string };
  /** A currency the question wants the answer's one amount in ("my balance in pounds"). */
  inCurrency?: string;
  /** An amount the question holds the answer's one amount against ("is it enough for $7,500?"). */
  against?: { amount: number; currency?: string; said: string };
  /** The words that asked for it, for the answer ("biggest", "still processing"). */
  said: string;
}

const LARGEST = /\b(biggest|largest|highest|most expensive|priciest|costliest|maximum|max|heaviest)\b/;
const SMALLEST = /\b(smallest|lowest|cheapest|least expensive|minimum|min|tiniest)\b/;
const NOUNS =
  "transactions?|payments?|transfers?|orders?|deposits?|expenses?|purchases?|ones?|things?|anything|something|charges?|top-?ups?|salary|salaries|debits?|credits?|spend|spending|income|withdrawals?|item|items";
const NOT_TIME =
  "(?!(?:week|weeks|month|months|year|years|day|days|weekend|night|quarter|fortnight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|january|february|march|april|may|june|july|august|september|october|november|december|\\d+)\\b)";
/** Verbs an element was last done by ("which order was delivered last", "the one I most recently paid"). */
const DONE = "(?:delivered|placed|ordered|shipped|paid|sent|received|made|arrived|completed|processed|bought)";
const NEWEST = new RegExp(
  `\\b${DONE}\\s+last\\b(?!\\s+(?:week|weeks|month|months|year|years|night|weekend|quarter|fortnight|\\d+)\\b)|\\b(?:most recently|last)\\s+${DONE}\\b|\\bwhen last\\b|\\b(?:last|latest|most recent|newest)\\s+${NOT_TIME}(?:\\w+\\s+)?${NOT_TIME}(?:${NOUNS})\\b(?!\\s+(?:week|weeks|month|months|year|years|day|days)\\b)|\\bwhen (?:did|was|were|is) (?:[\\w']+\\s+){1,3}?last\\b|\\bwhen was (?:my|the) last\\b|\\blast time\\b`,
);
const OLDEST = new RegExp(
  `\\b(?:first|earliest|oldest)\\s+${NOT_TIME}(?:\\w+\\s+)?${NOT_TIME}(?:${NOUNS})\\b|\\bwhen (?:did|was) (?:i|we) first\\b`,
);

/** The words of each pick, in the order they are tried. */
const PICK_WORDS: [NonNullable<Focus["pick"]>, RegExp][] = [
  ["largest", LARGEST],
  ["smallest", SMALLEST],
  ["newest", NEWEST],
  ["oldest", OLDEST],
];

/** The pick a text asks for and the words that ask it; by amount only when the list has amounts. */
function pickSaid(text: string, byAmount: boolean): readonly [NonNullable<Focus["pick"]>, string] | undefined {
  for (const [pick, words] of PICK_WORDS) {
    if (!byAmount && (pick === "largest" || pick === "smallest")) continue;
    const said = words.exec(text)?.[0];
    if (said !== undefined) return [pick, said];
  }
  return undefined;
}

/** A pick with a count ("my last 5 transactions", "the top 3 expenses"); not a span of time ("the last 3 months"). */
const COUNTED =
  /\b(last|latest|most recent|newest|first|earliest|oldest|biggest|largest|highest|top|smallest|lowest|cheapest)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\b(?!\s+(?:days?|weeks?|months?|years?|quarters?|fortnights?)\b)/;
const PICKS: Record<string, NonNullable<Focus["pick"]>> = {
  last: "newest",
  latest: "newest",
  "most recent": "newest",
  newest: "newest",
  first: "oldest",
  earliest: "oldest",
  oldest: "oldest",
  biggest: "largest",
  largest: "largest",
  highest: "largest",
  top: "largest",
  smallest: "smallest",
  lowest: "smallest",
  cheapest: "smallest",
};

/**
 * The cost of a product a question asks the balance to cover ("is my balance enough to buy two
 * bags of local rice?"), at the top of its price range, in naira: the answer holds the balance
 * against it, or says it can't when the balance is in another currency.
 */
function costAsked(question: string, text: string, catalog: readonly CatalogEntry[]): Focus["against"] {
  if (!/\b(?:enough|afford|cover|fit buy|reach)\b/.test(text)) return undefined;
  const match = matchProduct(text, catalog);
  const range = match && "product" in match ? priceRange(match.product.price) : undefined;
  if (!match || !("product" in match) || !range) return undefined;
  const quantity = quantityOf(question) ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1) return undefined;
  const amount = range[1] * quantity;
  return { amount, currency: "NGN", said: `${quantity} × ${match.product.name} at up to ${naira(amount)}` };
}

/** What the question asks of the chosen action's list, if it asks anything the call can't. */
export function focusOf(
  question: string,
  text: string,
  action: ActionDefinition,
  catalog: readonly CatalogEntry[],
  clock: Clock,
): Focus | undefined {
  const items = action.understanding?.items;
  const against = action.understanding?.total
    ? (moneyTogether(question) ?? costAsked(question, text, catalog))
    : undefined;
  const named = /\bin (naira|ngn|pounds?|gbp|sterling|euros?|eur|dollars?|usd)\b/.exec(text)?.[1];
  const inCurrency = action.understanding?.total && named ? (CURRENCY_CODES[named] ?? named).toUpperCase() : undefined;
  if (!items)
    return against || inCurrency
      ? { ...(against ? { against } : {}), ...(inCurrency ? { inCurrency } : {}), said: against?.said ?? named ?? "" }
      : undefined;
  const focus: Focus = { said: "" };
  const said: string[] = [];
  const counted = COUNTED.exec(text);
  // COUNTED's words are PICKS' own, so a count found has its pick.
  const countedPick = counted && PICKS[counted[1] ?? ""];
  const pick = countedPick && counted ? ([countedPick, counted[0]] as const) : pickSaid(text, Boolean(items.amount));
  // The largest of a list without amounts ("my top 2 orders") is no pick.
  if (pick && (pick[0] === "largest" || pick[0] === "smallest") && !items.amount) return undefined;
  if (counted) focus.count = Number(counted[2]) || NUMBERS_IN_WORDS[counted[2] ?? ""];
  if (pick) {
    focus.pick = pick[0];
    said.push(pick[1].trim());
  }
  const amounts = items.amount ? amountsAsked(question) : undefined;
  if (amounts) {
    focus.amounts = amounts;
    said.push(amounts.said);
  }
  const status = statusNamed(text, items.statuses ?? {});
  // "Don't count anything that didn't go through": the status named is the one left out.
  const excluded =
    status &&
    new RegExp(
      `\\b(?:don't|dont|do not|not|never|no) count\\b|\\b(?:exclud\\w*|leav\\w* out|except|without|ignor\\w*)\\b(?=.*${status.phrase})`,
    ).test(text);
  // "Including anything that failed": the status named is let in, not picked.
  const included =
    status &&
    new RegExp(
      `\\b(?:includ\\w*|as well as|along with|even)\\b(?=.*${status.phrase})|\\b${status.phrase}\\s+(?:\\w+\\s+)?(?:too|as well|also|included)\\b`,
    ).test(text);
  if (status && !excluded && !included) {
    focus.status = status.status;
    said.push(status.phrase);
  }
  if (items.text && action.name !== "search_products") Object.assign(focus, subjectOf(question, text, action, catalog));
  if (items.date && !Object.values(action.understanding?.parameters ?? {}).some((fill) => fill.from !== "pattern")) {
    // A list the call cannot date takes "last month" as the calendar month ("my order from last month"): no period of the wallet's applies.
    const unit = /\b(?:last|this|previous|current) (?:month|year)\b/.exec(text)?.[0];
    const window = (unit && calendarUnit(unit, clock)) || windowOf({ question, text, catalog, clock, action });
    if (window && !("period" in window) && !window.problem) focus.days = window;
  }
  focus.said = said.join(", ");
  return focus.pick || focus.status || focus.words || focus.leaving || focus.days || focus.amounts ? focus : undefined;
}

/** The bounds an amount filter sets ("over $1,000", "less than ₦5,000", "between 100 and 500 dollars"). */
function amountsAsked(question: string): Focus["amounts"] {
  const said = amountFilter(question);
  if (!said) return undefined;
  const numbers = [...said.replace(THOUSANDS, "").matchAll(/\d+(?:\.\d+)?(k\b)?/gi)].map(
    (match) => Number.parseFloat(match[0]) * (match[1] ? 1000 : 1),
  );
  const currency = moneyOf(said)?.currency;
  const bounds = /^between/i.test(said)
    ? { atLeast: Math.min(...numbers), atMost: Math.max(...numbers) }
    : /^(?:under|below|less than|smaller than|at most)/i.test(said)
      ? { atMost: numbers[0] }
      : { atLeast: numbers[0] };
  return { ...bounds, ...(currency ? { currency } : {}), said };
}

/** The status a phrase names, when it stands by the list's noun ("failed transactions", "orders still processing"). */
function statusNamed(text: string, statuses: Record<string, string[]>): { status: string; phrase: string } | undefined {
  const phrases = Object.entries(statuses)
    .flatMap(([status, named]) => [status, ...named].map((phrase) => ({ status, phrase: normalize(phrase).trim() })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  return phrases.find(({ phrase }) =>
    new RegExp(
      `\\b(?:${NOUNS})\\s+(?:\\w+\\s+){0,3}?${phrase}\\b|\\bwhat\\s+(?:was|were|got|has been|have been)\\s+${phrase}\\b|\\b${phrase}\\s+(?:\\w+\\s+){0,1}?(?:${NOUNS})\\b|\\b(?:only|just|still)\\s+(?:the\\s+)?${phrase}\\b`,
    ).test(text),
  );
}
