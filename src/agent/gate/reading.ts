import { CONDITION_START, conditionAt } from "./condition.ts";
import { BARE_COUNT, CORRECTION, COUNT_DIGITS, RIGHTING } from "./corrections.ts";
import { hypotheticalIn, SUPPOSES } from "./hypothetical.ts";
import { negationAt, TAKE_BACK, takesBack } from "./negation.ts";
import { othersDo } from "./others-do.ts";

/** A part of the user's words that asks for no change, and why. */
export interface Held {
  /** Where the part stands among the message's parts, for what comes after it. */
  at: number;
  part: string;
  why: "negated" | "taken back" | "a hypothetical" | "a condition";
  /** The words that made it so ("don't", "what if", "only if"). */
  words: string;
}

/** The user's own words read for a change: what they ask positively and unconditionally, and what was held back. */
export interface RequestReading {
  /** The words a change may come from: the parts that ask, with negated, taken-back, hypothetical and conditional parts left out. */
  request: string;
  held: Held[];
  /** The condition put on the request, when one was ("only if it's less than 5000 naira"). */
  condition?: string;
  /** The parts of the request that ask for a change in so many words ("add 2 paint buckets of tatashe instead"), without the story around them. */
  command?: string;
  /** The parts kept, each where it stands. */
  kept: { text: string; at: number; command: boolean }[];
}

/** Where a message's parts end: sentences, commas, dashes, brackets, ellipses, emoji. */
const BREAK =
  /((?:[.!?;]+(?=\s|$)|\n)+\s*|(?:(?<!\d),|,(?!\d{3}\b))\s*|…\s*|\.{2,}\s*|\s[—–-]+\s|\s*[()]\s*|\s*\p{Extended_Pictographic}(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D})*\s*)/u;

/** Words that turn to another request inside a part: "but", "instead", "actually", "and" before a command or question. */
const TURN =
  /\s+(?=(?:but|however|though|although|actually|rather|instead|wait|whereas|then|sorry (?:i|I) meant?|i meant?)\b)|\s+(?=and\s+(?:(?:please|pls|abeg|kindly|just|also|then|so|maybe|you can|can you|could you)\s+)*(?:add|buy|put|get|order|throw|toss|grab|give|include|bring|send|purchase|check|tell|show|how|what|whats|is|are|do|does|don'?t|do not|never|no need|skip|forget)\b)/i;

/** A verb that asks for a change: a time ahead is a condition on it only after it, in its part ("add 2 yams tomorrow", not "I'm cooking on Sunday"). */
const REQUEST_VERB =
  /\b(?:add|buy|put|get me|throw|toss|include|grab|bring me|bring us|purchase)\b|\border\s+(?:me\s+|us\s+)?(?:\d|an?\s|one|two|three|four|five|six|some|more)\b/i;

/** A part that asks for a change in so many words. */
export const COMMAND =
  /\b(?:add|buy|put|get me|throw|toss|include|grab|bring me|bring us|purchase)\b|\border\s+(?:me\s+|us\s+)?(?:\d|an?\s|one|two|three|four|five|six|some|more)\b|\bi(?:'?d| would) like\b|\bi(?:'ll| will) (?:take|have)\b|\bi (?:need|want)\b/i;

/** Where a request starts after a condition said first, past its first words ("if it's cheap add 2"). */
const REQUEST_AFTER =
  /(?<=^\S+\s+\S+.*?)\s(?:then\s+)?(?:(?:please|pls|abeg|kindly|just|go ahead and|you can|u can)\s+)*(?:add|buy|put|get me|throw|toss|include|grab|bring me|bring us|order\s+(?:me\s+|us\s+)?(?:\d|an?\s|one|two|three|four|five|six|some|more))\b/i;

/** What to do when a condition does not hold ("if not", "otherwise", "else"). */
const OTHERWISE = /^(?:if (?:not|no|it'?s not|it isn'?t|e no)|otherwise|else|or else)\b/i;

/** A negated request of "it" ("no add am", "don't buy it yet", "do not order them"): of what was asked before. */
const PRONOUN_NEGATED =
  /^(?:no|don'?t|do not|never|no go)\s+(?:add|buy|put|order|include|get)\s+(?:am|it|them|dem|that|this|those)\b/i;

/** Words that turn from a supposition back to what the user asks ("…, but for now add 2"). */
const TURNS_BACK = /^(?:but|however|though|anyway|actually|instead|for now)\b/i;

/** A part of the user's words as read: a joint (punctuation) or a piece, and where it was said. */
interface Kept {
  text: string;
  joint: boolean;
  at: number;
  /** Its count was put right by a later part, which is the request now. */
  corrected?: boolean;
}

/** A part that tells: someone or a count, then what is or will be ("Sister Kemi is bringing one", "10 is too much"); not a count wanted ("3 crates is enough"). */
export const TELLS =
  /^(?:\d+|that|this|it|e|dem|he|she|they|we|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?|(?:my|our|the)\s+[a-z]+)\s+(?:[a-z]+\s+)?(?:is|are|was|were|'s|dey|don|will|has|have|no)\b(?!\s+(?:enough|plenty|fine|ok(?:ay)?|better|good)\b)/;

/** Whether a part asks for a change in the user's own voice: a command, not someone else's buying told. */
export function asksChange(part: string): boolean {
  return COMMAND.test(part) && !othersDo(part.trim());
}

/** A count in a request, which a correction replaces. */
export const COUNT = /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a|an)\b/i;

/**
 * Reads the user's own words (quoted and reported text already set aside) for a change: each
 * part of the message is kept, or held back when it is negated from its negation on ("don't add
 * the eggs"), takes back what came before ("actually no"), is a hypothetical or question about a
 * change ("what if I add…"), or is a condition ("only if it's under 5k", checked separately).
 */
export function readRequest(own: string): RequestReading {
  const pieces = own
    .split(BREAK)
    .flatMap((piece, index) =>
      index % 2 === 1 ? [{ piece, joint: true }] : piece.split(TURN).map((each) => ({ piece: each, joint: false })),
    );
  const kept: Kept[] = [];
  const held: Held[] = [];
  let condition: string | undefined;
  // "…, add 2 buckets. If not, leave it.": what to do otherwise is held with its condition, to the sentence's end.
  let otherwise = false;
  // A condition said first runs on through its commas to the part that asks ("If my order, ORD-K9M4TX, is still processing, add…").
  let conditionGoesOn = false;
  // A supposition runs on through its commas to the sentence's end ("Suppose the list grows, and I add 2 bundles, how much…").
  let supposing = false;
  let afterNo = false;
  let replacing = false;
  for (const [at, { piece, joint }] of pieces.entries()) {
    let text = piece.trim();
    if (joint && /[.!?\n]/.test(piece)) {
      otherwise = false;
      conditionGoesOn = false;
      supposing = false;
    }
    if (joint || text === "") {
      kept.push({ text: piece, joint: true, at });
      continue;
    }
    if (conditionGoesOn && !COMMAND.test(text)) {
      condition = `${condition ?? ""}, ${text}`;
      held.push({ at, part: text, why: "a condition", words: "the condition, on" });
      continue;
    }
    conditionGoesOn = false;
    if (supposing && !TURNS_BACK.test(text)) {
      held.push({ at, part: text, why: "a hypothetical", words: "the supposition, on" });
      continue;
    }
    supposing = false;
    if (
      otherwise ||
      OTHERWISE.test(text) ||
      (condition !== undefined &&
        conditionAt(text, undefined) === 0 &&
        kept.some((each) => !each.joint && COMMAND.test(each.text)))
    ) {
      // "check if eggs are already in my cart, if not add 1 crate": a change asked for otherwise, with no condition said, waits on what came before.
      const before = [...kept]
        .reverse()
        .find((each) => !each.joint)
        ?.text.trim();
      if (condition === undefined && COMMAND.test(text) && before && !COMMAND.test(before)) condition = before;
      otherwise = true;
      held.push({ at, part: text, why: "a condition", words: "otherwise" });
      continue;
    }
    // After "not 3" or "no", a count alone puts the count right ("add 3 crates of eggs. not 3, 2").
    const corrected = CORRECTION.exec(text)?.[1] ?? (afterNo ? BARE_COUNT.exec(text)?.[1] : undefined);
    afterNo = false;
    // "…. oops, 3 crates", "(sorry, one keg)": a word of putting right, alone, readies a count after it;
    // so does a bare "no" that a count put right follows ("4 bags. no wait make am 3").
    const next =
      pieces
        .slice(at + 1)
        .find((each) => !each.joint && each.piece.trim() !== "")
        ?.piece.trim() ?? "";
    if (RIGHTING.test(text) || (/^(?:no+|nah)\W*$/i.test(text) && CORRECTION.test(next))) {
      afterNo = true;
      continue;
    }
    const earlier = corrected ? lastCounted(kept, held) : undefined;
    if (corrected && earlier) {
      kept.push({ text: ` ${earlier.replace(COUNT, corrected)} `, joint: false, at });
      continue;
    }
    // "Sorry, I meant 4 bunches of ugu": what was asked before is taken back, and this is asked instead.
    const instead = RESTATED.exec(text);
    if (instead && text.slice(instead[0].length).trim() !== "") {
      takeBackKept(kept, held, instead[0].trim());
      text = text.slice(instead[0].length).trim();
      replacing = true;
    }
    if (takesBack(text)) {
      afterNo = true;
      replacing = true;
      takeBackKept(kept, held, text);
      // What the joking part itself asked is taken back with it ("add 2 crates of eggs lol jk").
      if (!TAKE_BACK.test(text)) held.push({ at, part: text, why: "taken back", words: text });
      continue;
    }
    const hypothetical = hypotheticalIn(text);
    // "Add 1 bunch of plantain, but only if e go reach me before Saturday": after a request, "if …" puts a condition on it.
    const onRequest = conditionAt(text, undefined) === 0 && kept.some((each) => !each.joint && COMMAND.test(each.text));
    if (hypothetical && !onRequest) {
      supposing = SUPPOSES.test(text);
      held.push({ at, part: text, why: "a hypothetical", words: hypothetical });
      continue;
    }
    const conditional = conditionAt(text, REQUEST_VERB.exec(text)?.index);
    const negated = negationAt(text);
    if (conditional >= 0 && (negated < 0 || conditional <= negated)) {
      // "If you have fresh tomatoes add a basket": a condition said first ends where the request begins.
      const opens = conditional === 0 ? REQUEST_AFTER.exec(text) : null;
      if (opens) {
        const said = text.slice(0, opens.index).trim();
        condition = condition ? `${condition}, ${said}` : said;
        held.push({ at, part: said, why: "a condition", words: CONDITION_START.exec(said)?.[0] ?? said });
        kept.push({ text: ` ${text.slice(opens.index)} `, joint: false, at });
        continue;
      }
      const said = text.slice(conditional);
      condition = condition ? `${condition}, ${said}` : said;
      held.push({ at, part: said, why: "a condition", words: CONDITION_START.exec(said)?.[0] ?? said });
      kept.push({ text: ` ${text.slice(0, conditional)} `, joint: false, at });
      conditionGoesOn = conditional === 0;
      continue;
    }
    if (negated >= 0) {
      const part = text.slice(negated);
      // "…, no add am for now", "don't buy it yet": said of what was asked before, it takes that back.
      if (PRONOUN_NEGATED.test(part)) takeBackKept(kept, held, part);
      afterNo = COUNT_DIGITS.test(part);
      held.push({ at, part, why: "negated", words: part.split(/\s+/).slice(0, 3).join(" ") });
      kept.push({ text: ` ${text.slice(0, negated)} `, joint: false, at });
      continue;
    }
    // "…waterleaf — no, ugu": what is said right after a request was taken back is asked in its place, with the same verb.
    // (Only a short name said in its place: "ugu", "yam, the Abuja yam"; a sentence that tells is no request.)
    const named =
      text.split(/\s+/).length <= 5 &&
      !/\?|\b(?:is|are|was|were|has|have|had|keeps?|dey|don|will|would|bringing|coming|got|brought|costs?|costly|expensive|cheap|pricey)\b|^(?:e|it|it's|its|dem|they)\s/i.test(
        text,
      );
    const verb = replacing && named && !COMMAND.test(text) ? takenBackVerb(held) : undefined;
    replacing = false;
    kept.push({ text: verb ? ` ${verb} ${text} ` : ` ${text} `, joint: false, at });
  }
  // After a request, a part that tells of someone or some count ("Sister Kemi is bringing one", "10 is too much") asks for nothing;
  // nor, anywhere, does someone else's buying told ("Emeka don buy 4 tubers").
  const first = kept.findIndex((each) => !each.joint && (asksChange(each.text) || each.corrected === true));
  const request = kept
    .filter(
      (each, index) =>
        each.joint ||
        (!othersDo(each.text.trim()) &&
          (first < 0 || index <= first || asksChange(each.text) || !TELLS.test(each.text.trim()))),
    )
    .map((each) => each.text)
    .join("")
    .replace(/(?:^[\s,.;:!?…—–-]+|[\s,;:…—–-]+$)/g, "")
    .replace(/(?:[,;]\s*){2,}/g, ", ")
    .replace(/\s+/g, " ")
    .trim();
  const command = kept
    .filter((each) => !each.joint && asksChange(each.text))
    .map((each) => each.text.trim())
    .join(", ");
  const parts = kept
    .filter((each) => !each.joint && each.text.trim() !== "")
    .map((each) => ({ text: each.text.trim(), at: each.at, command: asksChange(each.text) }));
  return { request, held, kept: parts, ...(condition ? { condition } : {}), ...(command ? { command } : {}) };
}

/** What takes back the request before it and asks again in the same part ("sorry, I meant …", "correction: …"). */
const RESTATED =
  /^(?:(?:sorry|oops|no|nah|wait|actually|my bad|abeg)[\s,]*)*(?:i meant?(?: to say)?|i mean|correction|what i meant (?:was|is)|make (?:it|that|them|am)(?=\s+\S))\b[\s,:-]*/i;

/** The verb of the request last taken back ("add", "buy"), for what is asked in its place. */
function takenBackVerb(held: Held[]): string | undefined {
  const last = [...held]
    .reverse()
    .find((part) => (part.why === "taken back" || part.why === "negated") && COMMAND.test(part.part));
  return last
    ? (/\b(?:add|buy|put|order|get me|include|grab|purchase)\b/i.exec(last.part)?.[0] ?? undefined)
    : undefined;
}

/** Takes back every request kept so far (as "actually no" or "sorry, I meant" does). */
function takeBackKept(kept: Kept[], held: Held[], words: string): void {
  for (const earlier of kept.filter((each) => !each.joint && each.text.trim() !== "")) {
    held.push({ at: earlier.at, part: earlier.text.trim(), why: "taken back", words });
    earlier.text = "";
  }
}

/** The last request before a correction that names a count: taken out of what was kept or held, to be said again with the new count. */
function lastCounted(kept: Kept[], held: Held[]): string | undefined {
  // The request's count is put right, not a count the user tells of ("Add 10 bags… hold on, 10 is too much, make it 6").
  const counted = [...kept].reverse().filter((each) => !each.joint && COUNT.test(each.text));
  const inKept = counted.find((each) => COMMAND.test(each.text)) ?? counted[0];
  // A held part that is only a count ("not 3") puts right the request kept, not itself.
  const inHeld = [...held].reverse().find(
    (each) =>
      (each.why === "taken back" || each.why === "negated") &&
      COUNT_DIGITS.test(each.part) &&
      /[a-z]{3,}/i.test(
        each.part
          .replace(/^\W*(?:don'?t|do not|not|no|never|nor)\b/i, "")
          .replace(COUNT_DIGITS, "")
          .replace(/\bo\b/g, ""),
      ),
  );
  if (inHeld) {
    held.splice(held.indexOf(inHeld), 1);
    // "Don't add 5 bags of pure water, add 10": the negated request, said again with the new count.
    return inHeld.part.replace(/^\W*(?:don'?t|do not|not|no|never|nor)\s+/i, "");
  }
  if (!inKept) return undefined;
  const text = inKept.text;
  inKept.text = "";
  inKept.corrected = true;
  return text.trim();
}
