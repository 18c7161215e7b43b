import { isDeepStrictEqual } from "node:util";
import type { Resolution } from "../resolver/parameters.ts";
import { NUMBERS_IN_WORDS } from "../resolver/phrases.ts";
import { type CatalogEntry, matchProduct } from "../resolver/products.ts";
import type { Held, readRequest } from "./reading.ts";
import { type GateInput, productOf } from "./terms.ts";
import type { userVoice } from "./voice.ts";

/**
 * Which parts of a message ask for what: the request that a later negation takes back, the
 * product a part names by its name, a count that carries over to a product put right, a
 * pronoun command that takes up what someone else named, and the words of adding, of other
 * changes, of everything and of things left unnamed.
 */

/** An add of what is not named ("add whatever is missing for jollof", "add what I need"): nothing to add yet. */
export const INDEFINITE =
  /\b(?:(?:ingredients|stuff|things|items)\s+(?:for|to make|needed for)|everything (?:for|on my list|on the list)|(?:my|the|our) usual(?: order)?|the same (?:things|items|as)|whatever (?:[a-z]+\s+){0,2}?(?:else|is missing|are missing|is needed|are needed|is left|you think|u think|i need|we need|dey missing|remain)|anything (?:[a-z]+\s+)?(?:missing|needed|you think)|what(?:'?s| is) (?:missing|left|needed)|what (?:i|we) (?:need|don'?t have)|everything (?:i|we) need|the rest of (?:it|them|the list)|what(?:ever)? (?:you|u) (?:think|feel|recommend|suggest))\b/i;

/**
 * Whether a held part says not to add what it names: negated or taken back, and not about another
 * change ("don't remove the yam") or about having too much of it ("I no want double garri").
 */
export function saysNotToAdd(part: Held): boolean {
  return (
    (part.why === "negated" || part.why === "taken back") &&
    !/\b(?:double|twice|duplicate|extra|too much|too many)\b/i.test(part.part) &&
    !(OTHER_CHANGE.test(part.part) && !ADD_WORDS.test(part.part))
  );
}

/**
 * "Add 2 bunches of waterleaf — no, ugu", "add 2 tubers of ji — I mean yam": the product was put
 * right and no new count said, so the count said of the packs taken back carries over, when the
 * new product is sold in those packs.
 */
export function countCarried(
  requested: Resolution,
  quantityName: string,
  reading: ReturnType<typeof readRequest>,
  input: GateInput,
): { count: number } | undefined {
  const counted = requested.explanation?.values.some(
    (value) => value.parameter === quantityName && value.because !== "the schema's default",
  );
  const product = productOf(requested, input.actions, input.catalog);
  if (counted || !product) return undefined;
  const pack = (product.description ?? "").toLowerCase();
  for (const part of [...reading.held].reverse()) {
    if (part.why !== "taken back" && part.why !== "negated") continue;
    const said = /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+([a-z]+)/i.exec(part.part);
    const unit = said?.[2]?.toLowerCase().replace(/(?:es|s)$/, "");
    const count = said
      ? /^\d+$/.test(said[1] ?? "")
        ? Number(said[1])
        : NUMBERS_IN_WORDS[(said[1] ?? "").toLowerCase()]
      : undefined;
    if (count && unit && pack.includes(unit)) return { count };
  }
  return undefined;
}

/** Words that say a negation is of every add ("do not add anything"). */
export const EVERYTHING =
  /\b(?:anything|everything|any of (?:them|these|it)|nothing|all of (?:them|it))\b(?!\s+else\b)/i;

/** "Make it 2", "make it one small bucket of ata rodo": a correction of the request, never a change of something else. */
export const MAKE_IT = /\bmake (?:it|that|them|am)\b/gi;

/**
 * The request's parts without those a later negation takes back: a request for a product that a
 * later part says not to add ("add ugu — sorry, not ugu, waterleaf"), as the text to resolve and
 * its parts that ask in so many words.
 */
export function withoutUnsaid(
  reading: ReturnType<typeof readRequest>,
  input: GateInput,
): { request: string; command?: string } {
  const unsaid = reading.held.filter(saysNotToAdd).flatMap((part) => {
    const product = namedByName(part.part, input);
    return product ? [{ at: part.at, product }] : [];
  });
  // Before the negation, a request for the product is taken back; after it, a part that only tells of it asks for nothing ("ugu is off season").
  const left = reading.kept.filter(
    (part) =>
      !unsaid.some((each) => (part.at < each.at || !part.command) && namedByName(part.text, input) === each.product),
  );
  if (left.length === reading.kept.length)
    return { request: reading.request, ...(reading.command ? { command: reading.command } : {}) };
  const command = left
    .filter((part) => part.command)
    .map((part) => part.text)
    .join(", ");
  return { request: left.map((part) => part.text).join(", "), ...(command ? { command } : {}) };
}

/** The product a text names by its name, not by a pack it is sold in ("not three crates" names no product). */
export function namedByName(text: string, input: GateInput): CatalogEntry | undefined {
  // …nor by what something is for ("not what we need for the ofe onugbu").
  const bare = text
    .replace(/\bfor (?:the |my |our |a |an )?[^,.;!?()]*/gi, " ")
    .replace(
      /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|an)?\s*(?:crates?|bags?|kegs?|bottles?|tubers?|bunch(?:es)?|buckets?|baskets?|packs?|heads?|wraps?|birds?|sachets?|cobs?|pieces?)\b/gi,
      " ",
    );
  const match = matchProduct(bare, input.catalog);
  return match && "product" in match ? match.product : undefined;
}

/**
 * Whether every product the request's other parts name is one the user said not to add ("add 2
 * bunches of ugu. NOT water leaf, the last time somebody bring waterleaf"): the command alone asks.
 */
export function othersSaidNot(reading: ReturnType<typeof readRequest>, input: GateInput): boolean {
  const productsIn = (text: string) => {
    const match = matchProduct(text, input.catalog);
    return match === null ? [] : "product" in match ? [match.product] : match.candidates;
  };
  const saidNot = new Set(
    reading.held
      .filter((part) => part.why === "negated" || part.why === "taken back")
      .flatMap((part) => productsIn(part.part)),
  );
  const others = reading.kept.filter((part) => !part.command).flatMap((part) => productsIn(part.text));
  return others.length > 0 && others.every((product) => saidNot.has(product));
}

/**
 * "Don't add zobo o, just one pineapple", "don't add zobo, we're doing juice instead 🍍 just one
 * pineapple": the product said last, in place of one said not to add, with no verb of its own,
 * takes the negated verb. Returned as the text to resolve; nothing when that part asks anything
 * ("…, just the price?") or the negation was of every add ("no need to add anything").
 */
export function verbCarried(reading: ReturnType<typeof readRequest>, input: GateInput): string | undefined {
  const negated = reading.held.find(
    (part) => saysNotToAdd(part) && !EVERYTHING.test(part.part) && namedByName(part.part, input) !== undefined,
  );
  const verb = negated && ADD_WORDS.exec(negated.part)?.[0];
  const last = reading.kept.at(-1);
  if (!verb || !last || last.at < negated.at || !/^(?:just|only|instead|rather|but)\b/i.test(last.text))
    return undefined;
  if (
    /\?|\b(?:check|tell|show|find|search|look|see|price|prices|cost|costs|how|what|much|balance|is|are)\b/i.test(
      last.text,
    )
  )
    return undefined;
  return matchProduct(last.text, input.catalog) === null ? undefined : `${verb} ${last.text}`;
}

/** A command whose object is a pronoun ("add them", "buy am"): what it means is named elsewhere. */
export const PRONOUN_COMMAND =
  /(?:^|[,.;:!—–-]\s*|\b(?:please|pls|abeg|kindly|so|just|then|and|ok|okay|oya|go ahead and)\s+)(?:add|buy|get|put|order|include)\s+(?:them|it|those|these|that|am|dem|everything|all of (?:them|it))\b(?![^.!?]*\?)/i;

/** The write a pronoun command takes up from a part someone else said, when that part names one. */
export function adopt(
  command: string | undefined,
  setAside: ReturnType<typeof userVoice>["setAside"],
  input: GateInput,
  writeOf: (each: Resolution | undefined) => Resolution | undefined,
): Resolution | undefined {
  if (!command || !PRONOUN_COMMAND.test(command)) return undefined;
  const verb = /\b(?:add|buy|get|put|order|include)\b/i.exec(command)?.[0] ?? "add";
  const writes = setAside
    .filter((part) => part.kind === "reported" || part.kind === "quoted")
    .flatMap((part) => writeOf(input.resolve(`${verb} ${part.said}`)) ?? [])
    .filter((write) => productOf(write, input.actions, input.catalog));
  // One thing named, however many times it was reported: that is what "them" means.
  const [first] = writes;
  return first && writes.every((write) => isDeepStrictEqual(write.parameters, first.parameters)) ? first : undefined;
}

/** Changes besides adding, and the words of adding: a negated "remove" says nothing against an add. */
export const OTHER_CHANGE =
  /\b(?:remove|delete|cancel|take (?:out|off)|empty|clear|change|swap|send|transfer|pay|refund)\b/i;
export const ADD_WORDS = /\b(?:add|buy|put|order|include|get)\b/i;
