import type { FromSchema, JsonSchema } from "../json-schema.ts";
import { conforms, firstProblem, validatorOf } from "../json-validator.ts";

/** An answer checked against the schema its route answers with: the value as the schema types it, or where it departs. */
export type CheckedAnswer<S> = { ok: true; value: FromSchema<S> } | { ok: false; mismatch: string };

/**
 * Checks what a server sent against the schema its route answers with (the server's own, from
 * src/contracts/): clients read answers through this instead of casting them. A mismatch is the
 * first one found, as a JSON pointer and what was expected.
 */
export function checkAnswer<const S extends JsonSchema>(value: unknown, schema: S): CheckedAnswer<S> {
  if (conforms(schema, value)) return { ok: true, value };
  return { ok: false, mismatch: firstProblem(validatorOf(schema)) };
}
