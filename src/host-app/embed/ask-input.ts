import { failWith } from "../../errors.ts";
import type { BodyFields } from "../../http/request-input.ts";
import { HOST_TEXTS } from "../errors.ts";

/** The longest question, and the longest reply to a follow-up, the chat takes, in characters as a person counts them. */
export const MAX_TEXT_LENGTH = 500;

/** Bodies of the embed's JSON routes are small: a question and a token. */
export const MAX_EMBED_BODY_BYTES = 16 * 1024;

export interface AskInput {
  question: string;
  /** The answer to the follow-up question the first call asked. */
  reply?: string;
  endUser?: string;
  identity?: string;
}

/** The ask route's body, field by field (its schema checks the types): each problem is a 400 that names its field. */
export function parseAskInput(body: BodyFields): AskInput {
  const question = body.field("question").trim();
  if (question === "") failWith(HOST_TEXTS.questionMissing, { details: { field: "question" } });
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
