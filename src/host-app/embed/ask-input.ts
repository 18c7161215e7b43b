import { HOST_TEXTS } from "../../contracts/host-app/errors.ts";
import { failWith } from "../../errors.ts";
import type { BodyFields } from "../../http/request-input.ts";

/** The longest question, and the longest reply to a follow-up, the chat takes, in characters as a person counts them. */
export const MAX_TEXT_LENGTH = 500;

/** Bodies of the embed's JSON routes are small: a question and a token. */
export const MAX_EMBED_BODY_BYTES = 16 * 1024;

/**
 * The maxLength the documents give a question and a reply: the most the body can carry. JSON
 * Schema counts code points (some tools UTF-16 units), and a character as a person counts it may
 * hold any number of either, so no smaller count is sure to take every text of MAX_TEXT_LENGTH
 * characters. A JSON text spends at least a byte on each code point, and on each unit, of a
 * string, around at least `{"question":""}`: the field checks never meet this limit, the body's comes first.
 */
export const MAX_TEXT_SCHEMA_LENGTH = MAX_EMBED_BODY_BYTES - '{"question":""}'.length;

export interface AskInput {
  question: string;
  /** The answer to the follow-up question the first call asked. */
  reply?: string;
  endUser?: string;
  identity?: string;
}

/** The ask route's body, field by field (its schema checks the types and that the question is not blank): each problem is a 400 that names its field. */
export function parseAskInput(body: BodyFields): AskInput {
  const question = body.field("question").trim();
  checkLength("question", question);
  const reply = body.field<string | undefined>("reply")?.trim();
  if (reply !== undefined) checkLength("reply", reply);
  return {
    question,
    reply,
    endUser: body.field<string | undefined>("endUser"),
    identity: body.field<string | undefined>("identity"),
  };
}

/**
 * Characters are counted as a person counts them: grapheme clusters, so that 👍🏽, 🇳🇬 or an e with
 * its accent is one, where String.length counts UTF-16 units (2 to 4 for an emoji). No text has
 * more characters than units, so most are let through before any count; the body limit bounds
 * the text a few characters can carry (a letter with a thousand accents is one).
 */
function checkLength(field: string, text: string): void {
  if (text.length <= MAX_TEXT_LENGTH) return;
  let length = 0;
  for (const _ of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)) length++;
  if (length > MAX_TEXT_LENGTH)
    failWith(HOST_TEXTS.tooLong, { values: { field, length, max: MAX_TEXT_LENGTH }, details: { field } });
}
