import type { FromSchema, JsonSchema } from "../json-schema.ts";
import { validatorOf } from "../json-validator.ts";

/**
 * Where an answer departs from the schema its route answers with (the server's own, from
 * client/wire.ts): the first mismatch, as a JSON pointer and what was expected; undefined when it matches.
 */
export function answerMismatch(value: unknown, schema: JsonSchema): string | undefined {
  const validate = validatorOf(schema);
  if (validate(value)) return undefined;
  const first = validate.errors?.[0];
  return first ? `${first.instancePath || "the body"} ${first.message ?? "does not match"}` : "it does not match";
}

/** The value as its schema types it, once it matched; clients read the servers' answers through this instead of casting them. */
export function isAnswer<const S extends JsonSchema>(value: unknown, schema: S): value is FromSchema<S> {
  return answerMismatch(value, schema) === undefined;
}

/** Any JSON object: for a client that only summarises what it finds (the terminal UI's session probes). */
export const JSON_OBJECT = { type: "object" } as const;
