import type { ActionDefinition } from "../actions/definition.ts";
import type { Clock } from "./calendar.ts";
import { hasDateFills, windowOf } from "./fill.ts";
import { quantityOf } from "./phrases.ts";
import { type CatalogEntry, catalogNamed, countsInUnits, matchProduct, ONE_PRODUCT } from "./products.ts";
import { normalize } from "./text.ts";

/** Why the resolver chose what it chose: `agent ask --explain` shows it. */
export interface Explanation {
  typos: string[];
  /** Every action that matched something, best first. */
  candidates: { action: string; score: number; matched: string[]; excluded?: string }[];
  values: { parameter: string; value: unknown; because: string }[];
  /** The rule that decided, when it was not the score (a refusal). */
  rule?: string;
  timeZone: string;
  /** What the write gate saw: the words that asked for a write, or what held it back. */
  gate?: string[];
}

/** What "{count}" in an intent phrase stands for: digits, a number word, "a dozen", "a couple of". */
const COUNT =
  "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a dozen|a couple(?: of)?|a pair of) ";

/** What counting a product in its own packs adds to an action that takes a quantity. */
const COUNTED_PACKS = 2;

/** What naming one catalog product for sure adds to an action's catalog weight. */
const SURE_PRODUCT = 2;

/** What naming an action by its name adds: more than any phrase, so the name decides. */
const NAMED_ACTION = 10;

/** What an action scores for a question, and the phrases that made it (`touched` gets the text each phrase matched). */
export function score(
  action: ActionDefinition,
  question: string,
  text: string,
  catalog: readonly CatalogEntry[],
  clock: Clock,
  touched: string[] = [],
): Explanation["candidates"][number] {
  const understanding = action.understanding;
  if (!understanding) return { action: action.name, score: 0, matched: [] };
  const matched: string[] = [];
  let total = 0;
  let rest = text;
  for (const [phrase, weight] of Object.entries(understanding.intent).sort((a, b) => b[0].length - a[0].length)) {
    if (phrase.includes(" + ")) {
      // Both parts named, each one of its alternatives ("income|money in + spending|money out").
      const found = phrase.split(" + ").map((part) =>
        part
          .split("|")
          .map(normalize)
          .sort((a, b) => b.length - a.length)
          .find((alternative) => rest.includes(alternative)),
      );
      const parts = found.filter((part) => part !== undefined);
      if (parts.length < found.length) continue;
      for (const part of parts) rest = rest.replace(part, " | ");
      if (weight > 0) touched.push(...parts);
      total += weight;
      matched.push(`"${parts.map((part) => part.trim()).join(" + ")}" ${weight > 0 ? "+" : ""}${weight}`);
      continue;
    }
    if (phrase.includes("{count}")) {
      // A phrase with a count in it ("i'll take {count}"): the count is a number or a number word.
      const counted = new RegExp(
        phrase
          .split("{count}")
          .map((part) => normalize(part).trim())
          .join(` ${COUNT}`)
          .replace(/^/, " "),
      ).exec(rest);
      if (!counted) continue;
      rest = rest.replace(counted[0], " | ");
      if (weight > 0) touched.push(counted[0]);
      total += weight;
      matched.push(`"${counted[0].trim()}" ${weight > 0 ? "+" : ""}${weight}`);
      continue;
    }
    const normalized = normalize(phrase);
    if (!rest.includes(normalized)) continue;
    rest = rest.replace(normalized, " | ");
    if (weight > 0) touched.push(normalized);
    total += weight;
    matched.push(`"${phrase}" ${weight > 0 ? "+" : ""}${weight}`);
  }
  // The action named as such ("list_transactions period=7d"): a developer trying an action by its name.
  if (new RegExp(`\\b${action.name}\\b`, "i").test(question)) {
    total += NAMED_ACTION;
    matched.push(`the action's name +${NAMED_ACTION}`);
  }
  for (const [name, fill] of Object.entries(understanding.parameters ?? {})) {
    if (fill.from === "pattern" && fill.weight && new RegExp(fill.pattern, "i").test(question)) {
      total += fill.weight;
      matched.push(`${name} pattern +${fill.weight}`);
    }
  }
  // A count of one product in its own packs ("5 wraps of iru") asks for that many: an action that takes a quantity.
  const counts = Object.values(understanding.parameters ?? {}).some((fill) => fill.from === "quantity");
  const product = counts ? matchProduct(text, catalog) : null;
  // A multiplier ("ugwu x4", "2x plantain") counts packs whatever unit it names.
  const multiplied = /(?:^|\s)[x×]\s*\d+\b|\b\d+\s*[x×](?=\s|$)/i.test(question);
  if (
    product &&
    "product" in product &&
    quantityOf(question) !== undefined &&
    (multiplied || countsInUnits(question, product.product))
  ) {
    total += COUNTED_PACKS;
    matched.push(`a count of ${product.product.name} in its packs +${COUNTED_PACKS}`);
  }
  const { catalogWeight } = understanding;
  const named = catalogWeight ? catalogNamed(text, catalog) : undefined;
  if (catalogWeight && named) {
    // One product named for sure ("the local rice") is stronger evidence than a word that may be the wallet's ("come in").
    const weight = catalogWeight + (named === ONE_PRODUCT ? SURE_PRODUCT : 0);
    total += weight;
    matched.push(`${named} +${weight}`);
  }
  const candidate = { action: action.name, score: total, matched };
  if (total <= 0 || hasDateFills(action) || !hasPeriod(action)) return candidate;
  const window = windowOf({ question, text, catalog, clock, action });
  if (window && !("period" in window)) return { ...candidate, excluded: `takes no dates ("${window.said}")` };
  return candidate;
}

/** Whether the action takes one of a fixed set of periods. */
export function hasPeriod(action: ActionDefinition): boolean {
  return Object.values(action.understanding?.parameters ?? {}).some((fill) => fill.from === "period");
}
