import type { ActionDefinition } from "../actions/definition.ts";
import type { Clock } from "./calendar.ts";
import { missingId } from "./fill.ts";
import { type CatalogEntry, significantWords } from "./products.ts";
import { score } from "./score.ts";
import { normalize, THOUSANDS } from "./text.ts";

/** What a clause must score for another action to be a request of its own: more than a weak hint ("where is my money" is no order lookup). */
const REQUEST_SCORE = 3;

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
): { clause: string; action: ActionDefinition }[] {
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
      /\b(?:this one|that one|with it|about it|with this|with that|of it)\b/.test(text) ||
      touched.some((part) => text.includes(part)) ||
      score(chosen, clause, text, catalog, clock).score > 0
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

/** The clauses of a question, split where requests join ("and", "also", "then", "plus", punctuation). */
export function splitClauses(question: string): string[] {
  return question
    .replace(THOUSANDS, "")
    .split(/\band\b|[,;?!—–]|\balso\b|\bthen\b|\bplus\b|\bbut\b/i)
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
  /^ (?:(?:please|pls|kindly|and|also|then|so|now|can you|could you|would you|can i|could i)\s+)*(?:what|whats|what's|how|where|wheres|when|which|who|is|are|was|were|do|does|did|has|have|can|could|will|show|list|tell|give|check|find|search|add|buy|get|put|look|see|track|send me|let me know|i want|i need|i'd like|i would like|my)\b/;

/** A sentence of thanks or greeting before the request ("Thanks for yesterday! Now what…"): chat, whatever days it names. */
const PLEASANTRY =
  /^\s*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening|day)|thanks|thank you|thx|cheers|ta)\b[^.!?\n\d]{0,30}[.!?\n]+\s*/i;

/** The question without the pleasantries before it, when something is left to ask. */
export function withoutPleasantries(question: string): string {
  const rest = question.replace(PLEASANTRY, "");
  return rest !== question && asks(rest.replace(/^(?:now|so|ok|okay),?\s+/i, "")) ? rest : question;
}

/**
 * Parts of a message that tell a story rather than ask ("I remember a Jumia refund that day",
 * "my sister says I'm always broke by the 20th", "trying to sort out a budget before Christmas",
 * "the one we eat with corn"): a subject and a verb of telling, or a gerund of what the user is
 * doing. What the user wants ("I need…", "I want…", "I'll take…") is no story.
 */
const TELLS =
  /^(?:(?:and|but|so|because|cos|coz|usually|normally|honestly|apparently|basically|ehn|lol|tbh|anyway|like|plus|ok|okay|right|well|yeah|yh)\s+)*(?:(?:i|i'm|im|i've|ive|i'd|id|i was|we|we're|we've|he|he's|she|she's|they|they're|it|it's|there's|that's|hr|mum|mom|dad)(?!')\b(?!\s+(?:want|wanna|need|would like|'d like|'ll|will take|wan|am asking|'m asking|am looking|'m looking|m looking|looking)\b)|my\s+[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:says?|said|is|was|are|were|keeps|kept|has|had|thinks?|wants?|only|eats?|claims?|reckons?|swears?|told|insists?|loves?|likes?|comes?|came|goes|went|needs?)\b|(?:pretty|fairly|quite|so)\s+sure\b(?!\s+(?:it|that)\b)|my\s+[\w-]+\s+(?:just\s+|has\s+|had\s+)?[a-z]+ed\b|(?:the\s+)?(?:kids|children|family|guests|people)\s+\w+|(?:trying|thinking|doing|planning|working|making|feeling|sorting)\b|(?:felt|feels?|seems?)\s+like\b|not\s+the\b|the\s+one\s+(?:we|i|you|they|wey)\b)/i;

/** A question tagged onto what was told ("…, right??", "…, abi?", "…, innit?"). */
const TAG_QUESTION = /\b(?:right|yeah|yes|no|innit|abi|sha|ok|okay|correct|isn't it|is it|not so)\s*\?+\s*$/i;

/** A hedge about the thing asked ("I think it was early October", "pretty sure it landed on the 29th"). */
const HEDGE = /\b(?:it|that)\s+(?:was|were|is|came|landed|went|happened|hit)\b/i;

/** Words of a greeting, which say nothing a story could be about. */
const GREETING_WORDS = new Set("hello hiya hey good morning afternoon evening day thanks thank cheers".split(" "));

/** Words that point back at what was told ("…, has it left the store yet?", "how much did I send him"). */
const REFERS_BACK = /\b(?:it|its|him|her|them|they|that one|this one|those|these)\b/i;

/**
 * What a message asks, without the parts that only tell a story around it: sentences and
 * clauses that tell (`TELLS`) and ask nothing ("?") are left out, when what is left still names
 * something. Dates, names and products said in the story are not what was asked about.
 */
export function requestPart(question: string, keep: (piece: string) => boolean = () => false): string {
  const pieces = question.split(/([.!?]+\s+|[,;:]\s+|\s+[—–-]\s+|\s*[()]\s*|\n+)/);
  const kept: string[] = [];
  let dropped = false;
  // Whether a story came before the question, which its words may point back at.
  let toldFirst = false;
  // A story goes on to the end of its sentence ("I think I did two exchanges that day, one to pounds for my cousin").
  let story = false;
  for (let index = 0; index < pieces.length; index += 2) {
    const piece = (pieces[index] ?? "").trim();
    const after = pieces[index + 1] ?? "";
    // "…, so that one shouldn't be counted right??": a question tagged onto the story asks nothing of its own.
    const tagged: boolean = story && TAG_QUESTION.test(`${piece}${after}`);
    const tells: boolean = piece !== "" && (TELLS.test(piece) || tagged || (story && !asks(piece)));
    story = tells && !/[.!?\n]/.test(after);
    // "I think it was in August": a hedge about when the thing asked about happened is no story.
    if (tells && (tagged || !after.includes("?")) && !keep(piece) && !HEDGE.test(piece)) {
      dropped = true;
      if (!kept.some((each) => significantWords(normalize(each)).some((word) => !GREETING_WORDS.has(word))))
        toldFirst = true;
      continue;
    }
    kept.push(`${pieces[index] ?? ""}${after}`);
  }
  if (!dropped) return question;
  const rest = kept
    .join("")
    .replace(/^[\s,;:.!—–-]+|[\s,;:—–-]+$/g, "")
    .trim();
  // What is left must stand on its own: "can you check what's going on with it?" asks about the story.
  // ("…, so I can show her" points at no one in the story.)
  const pointing = rest.replace(/\bso (?:that )?(?:i|we) can\b.*$/i, "");
  return significantWords(normalize(rest)).length > 0 && !(toldFirst && REFERS_BACK.test(pointing)) ? rest : question;
}
