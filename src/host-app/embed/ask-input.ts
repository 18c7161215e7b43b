import { type ASK, MAX_TEXT_LENGTH } from "../../contracts/host-app/embed.ts";
import { HOST_TEXTS } from "../../contracts/host-app/errors.ts";
import type { BodyOf } from "../../contracts/route-contract.ts";
import { failWith } from "../../errors.ts";
import type { BodyFields } from "../../http/request-input.ts";

export interface AskInput {
  question: string;
  /** The answer to the follow-up question the first call asked. */
  reply?: string;
  endUser?: string;
  identity?: string;
}

/** The ask route's body, field by field (its schema checks the types and that the question is not blank): each problem is a 400 that names its field. */
export function parseAskInput(body: BodyFields<BodyOf<typeof ASK>>): AskInput {
  const question = body.field("question").trim();
  checkLength("question", question);
  const reply = body.field("reply")?.trim();
  if (reply !== undefined) checkLength("reply", reply);
  return {
    question,
    reply,
    endUser: body.field("endUser"),
    identity: body.field("identity"),
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
