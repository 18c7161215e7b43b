import { failWith } from "../../errors.ts";
import type { BodyFields } from "../../http/request-input.ts";
import { HOST_TEXTS } from "../errors.ts";

/** The longest question, and the longest reply to a follow-up, the chat takes. */
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
  if (question.length > MAX_TEXT_LENGTH) tooLong("question", question.length);
  const reply = body.field<string | undefined>("reply")?.trim();
  if (reply !== undefined && reply.length > MAX_TEXT_LENGTH) tooLong("reply", reply.length);
  return {
    question,
    reply,
    endUser: body.field<string | undefined>("endUser"),
    identity: body.field<string | undefined>("identity"),
  };
}

function tooLong(field: string, length: number): never {
  return failWith(HOST_TEXTS.tooLong, { values: { field, length, max: MAX_TEXT_LENGTH }, details: { field } });
}
