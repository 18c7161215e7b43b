import { significantWords } from "./products.ts";
import { asks } from "./requests.ts";
import { normalize } from "./text.ts";

/** A sentence of thanks or greeting before the request ("Thanks for yesterday! Now what…"): chat, whatever days it names. */
const PLEASANTRY =
  /^\s*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening|day)|thanks|thank you|thx|cheers|ta)\b[^.!?\n\d]{0,30}[.!?\n]+\s*/i;

/** A sign-off after the request ("… Thank you and God bless.", "… Regards, Ada"): no part of what is asked. */
const SIGN_OFF =
  /(?<=[.!?])\s+(?:(?:thank(?:s| you)(?: so much| very much| in advance)?|god bless(?: you)?|bless you|cheers|regards|best regards|kind regards|warm regards|much love|love|bye|take care)[\s,.!&]*(?:and\s+)?)+(?:[-–—,]?\s*\w+)?[.!\s]*$/i;

/** The question without the pleasantries before it, when something is left to ask, and without a sign-off after it. */
export function withoutPleasantries(question: string): string {
  const signed = question.replace(SIGN_OFF, "");
  const rest = signed.replace(PLEASANTRY, "");
  return rest !== signed && asks(rest.replace(/^(?:now|so|ok|okay),?\s+/i, "")) ? rest : signed;
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
const REFERS_BACK = /\b(?:it|its|him|her|that one|this one)\b/i;

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
  const pointing = rest.replace(/\bso (?:that )?(?:i|we|she|he|they|you|u) (?:can|could|will|would)\b.*$/i, "");
  return significantWords(normalize(rest)).length > 0 && !(toldFirst && REFERS_BACK.test(pointing)) ? rest : question;
}
