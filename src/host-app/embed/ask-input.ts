import { fail } from "../../http/errors.ts";

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

/** The ask route's body, checked field by field: each problem is a 400 that names its field. */
export function parseAskInput(body: Record<string, unknown>): AskInput {
  const question = stringField(body, "question", true)?.trim() ?? "";
  if (question === "") invalid("question", '"question" is required: the text the user asked');
  if (question.length > MAX_TEXT_LENGTH) invalid("question", `"question" is ${question.length} characters; at most ${MAX_TEXT_LENGTH}`);
  const reply = stringField(body, "reply");
  if (reply !== undefined && reply.trim().length > MAX_TEXT_LENGTH) invalid("reply", `"reply" is ${reply.trim().length} characters; at most ${MAX_TEXT_LENGTH}`);
  return { question, reply: reply?.trim(), endUser: stringField(body, "endUser"), identity: stringField(body, "identity") };
}

/** A string field; absent is undefined (or an error when required), any other type an error. */
export function stringField(body: Record<string, unknown>, name: string, required = false): string | undefined {
  if (!Object.hasOwn(body, name)) {
    if (required) invalid(name, `"${name}" is required and must be a string`);
    return undefined;
  }
  const value = body[name];
  if (typeof value !== "string") invalid(name, `"${name}" must be a string; got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`);
  return value;
}

function invalid(field: string, message: string): never {
  return fail("validation_error", message, { details: { field } });
}
