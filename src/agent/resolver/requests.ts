import type { ActionDefinition } from "../actions/definition.ts";
import { isWrite } from "../gate/grant.ts";
import { negationAt } from "../gate/negation.ts";
import type { Clock } from "./calendar.ts";
import { ABBREVIATIONS } from "./english.ts";
import { missingId } from "./fill.ts";
import { type CatalogEntry, matchProduct, significantWords } from "./products.ts";
import { asksAboutCart, changeVerb } from "./refuse.ts";
import { score } from "./score.ts";
import { normalize, THOUSANDS } from "./text.ts";

/** What a clause must score for another action to be a request of its own: more than a weak hint ("where is my money" is no order lookup). */
const REQUEST_SCORE = 3;

/** A clause of a message that asks for something, and the action that answers it. */
export interface Asked {
  clause: string;
  action: ActionDefinition;
}

/**
 * The clauses of a question that ask something of another action than the chosen one ("how much
 * did I spend last week and what's my balance"): a clause none of the chosen action's phrases
 * touch (a phrase in two parts, "money in and money out", touches both) where another action
 * scores enough.
 */
export function otherRequests(
  question: string,
  chosen: ActionDefinition,
  actions: readonly ActionDefinition[],
  catalog: readonly CatalogEntry[],
  clock: Clock,
): Asked[] {
  const clauses = splitClauses(question);
  if (clauses.length < 2) return [];
  const touched: string[] = [];
  score(chosen, question, normalize(question), catalog, clock, touched);
  return clauses.flatMap((clause) => {
    const text = normalize(clause);
    // Only a clause that asks is a request; "money left my account but nothing happened" tells.
    // A clause that names nothing of its own ("how much e cost") asks about what the rest names.
    if (
      significantWords(text).length === 0 ||
      !asks(clause) ||
      // "TXN_ADA_0025 — what happened with this one": about what the rest names.
      /\b(?:this one|that one|with it|about it|with this|with that|of it|they|them)\b/.test(text) ||
      touched.some((part) => text.includes(part)) ||
      // A product the chosen read also knows does not make a change asked in so many words its own ("add a crate of eggs and show my orders").
      (score(chosen, clause, text, catalog, clock).score > 0 &&
        !(
          !isWrite(chosen) &&
          actions.some((action) => isWrite(action) && score(action, clause, text, [], clock).score >= REQUEST_SCORE)
        )) ||
      // A negated clause asks for nothing ("…, add nothing"): the write rule holds it back.
      negationAt(clause) >= 0
    )
      return [];
    const other = actions
      .filter((action) => action !== chosen)
      .map((action) => ({ clause, action, score: score(action, clause, text, catalog, clock).score }))
      .sort((a, b) => b.score - a.score)[0];
    // "…, did it go through?": a clause that could only ask which one asks about what the rest names.
    return other && other.score >= REQUEST_SCORE && !missingId(other.action, clause)
      ? [{ clause, action: other.action }]
      : [];
  });
}

/**
 * Whether the question reads the cart (`text`, normalized, asks about it), and a clause that names
 * the cart does more than say not to change it ("What's my balance? Don't add anything to my cart").
 */
export function readsCart(question: string, text: string): boolean {
  if (!asksAboutCart(text)) return false;
  const naming = splitClauses(question).filter((clause) => /\b(?:cart|trolley|basket)\b/i.test(clause));
  return naming.length === 0 || naming.some((clause) => negationAt(clause) < 0);
}

/** The clauses of a question, split where requests join ("and", "also", "then", "plus", punctuation). */
export function splitClauses(question: string): string[] {
  return question
    .replace(THOUSANDS, "")
    .split(/\band\b|[,;?!—–]|(?<!\b(?:mr|mrs|ms|dr|st|no))\.(?=\s)|\balso\b|\bthen\b|\bplus\b|\bbut\b/i)
    .map((clause) => clause.trim())
    .filter((clause) => /[a-z]/i.test(clause));
}

/** Whether a clause asks for something (a question or a command), rather than telling ("I was charged twice"). */
export function asks(clause: string): boolean {
  return ASKING.test(normalize(clause));
}

/** A clause without the words that joined it to the others ("add a crate of eggs and" → "add a crate of eggs"). */
export function trimJoints(clause: string): string {
  return clause
    .replace(/^[\s,;.!?]*(?:(?:and|also|then|plus)\b[\s,;]*)?|[\s,;]*(?:\b(?:and|also|then|plus)[\s,;]*)?$/gi, "")
    .trim();
}

/** How a clause that asks for something begins: a question word, a command, or "my …" after one ("show my orders and my balance"), after politeness. */
const ASKING =
  /^ (?:(?:please|pls|kindly|and|also|then|so|now|separately|meanwhile|additionally|unrelated|ps|just|but|anyway|anyhow|regardless|plus|oh|whatever happens|either way|in any case|no matter what|can you|could you|would you|can i|could i)\s+)*(?:what|whats|what's|how|where|wheres|when|which|who|is|are|was|were|do|does|did|has|have|can|could|will|show|list|tell|give|check|find|search|add|buy|get|put|look|see|track|send me|let me know|i want|i need|i'd like|i would like|my)\b/;

/** The requests of a question besides the changes no action makes ("add garri" of "add garri and remove the yam"), if it has any. */
export function withoutChanges(question: string, actions: readonly ActionDefinition[]): string | undefined {
  const clauses = splitClauses(question);
  // Read with its short forms written out, as the whole question was ("I wan cancel am").
  const kept = clauses.filter(
    (clause) =>
      !changeVerb(clause, actions) &&
      !changeVerb(
        clause.replace(/\b[a-z]+\b/gi, (word) => ABBREVIATIONS[word.toLowerCase()] ?? word),
        actions,
      ),
  );
  // Greetings and stories around them ("hi! two things: …") are no request of their own; a clause the user marked with "?" asks.
  const asking = kept.filter(
    (clause) => asks(clause.replace(/^[^:]*:\s*/, "")) || new RegExp(`${escaped(clause)}\\s*\\?`).test(question),
  );
  if (asking.length === 0 || kept.length === clauses.length) return undefined;
  return asking.map((clause) => clause.replace(/^[^:]*:\s*/, "")).join(" and ");
}

/** A text as a regular expression that matches it literally. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A read of products that names none ("just tell me the price"), about the product the other clause names. */
export function aboutProductOf(read: Asked, other: string, catalog: readonly CatalogEntry[]): string {
  const fills = Object.values(read.action.understanding?.parameters ?? {});
  const own = matchProduct(read.clause, catalog);
  const named = matchProduct(other, catalog);
  if (!fills.some((fill) => fill.from === "search" || fill.from === "product") || (own && "product" in own))
    return read.clause;
  return named && "product" in named ? `${read.clause}: ${named.product.name}` : read.clause;
}
