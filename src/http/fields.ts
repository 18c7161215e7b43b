import { isOneOf } from "../choices.ts";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { failWith } from "../errors.ts";

/**
 * A required, non-blank string field of a JSON body. No coercion: 42 is not "42". (These check the
 * triggers' bodies, sandbox controls that no OpenAPI document describes; a documented route checks
 * its body against its schema, request-input.ts, with the same texts.)
 */
export function requireString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== "string" || value.trim() === "")
    failWith(HTTP_TEXTS.nonBlankField, { values: { field: name }, details: { field: name } });
  return value;
}

/** A field that must be one of `choices`; when absent, the fallback (none: the field is required). */
export function choiceField<T extends string>(
  body: Record<string, unknown>,
  name: string,
  choices: readonly T[],
  fallback?: T,
): T {
  if (!Object.hasOwn(body, name) && fallback !== undefined) return fallback;
  const value = body[name];
  if (isOneOf(choices, value)) return value;
  const text = fallback === undefined ? HTTP_TEXTS.choiceField : HTTP_TEXTS.choiceFieldWithDefault;
  return failWith(text, {
    values: { field: name, allowed: choices.join(", "), default: fallback ?? "" },
    details: { field: name, value },
  });
}

/** An optional non-blank string field; absent gives undefined. */
export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  return Object.hasOwn(body, name) ? requireString(body, name) : undefined;
}
