import { fail } from "./errors.ts";

/** A required, non-blank string field of a JSON body. No coercion: 42 is not "42". */
export function requireString(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== "string" || value.trim() === "") {
    fail("validation_error", `"${name}" is required and must be a non-empty string`, { details: { field: name } });
  }
  return value;
}

/** An optional integer field within [min, max]; absent gives the fallback, null or "2" is an error. */
export function optionalInteger(body: Record<string, unknown>, name: string, range: { min: number; max: number; fallback: number }): number {
  if (!Object.hasOwn(body, name)) return range.fallback;
  const value = body[name];
  if (typeof value !== "number" || !Number.isInteger(value) || value < range.min || value > range.max) {
    fail("validation_error", `"${name}" must be an integer from ${range.min} to ${range.max}`, { details: { field: name, value } });
  }
  return value;
}

/** A field that must be one of `choices`; when absent, the fallback (none: the field is required). */
export function choiceField<T extends string>(body: Record<string, unknown>, name: string, choices: readonly T[], fallback?: T): T {
  if (!Object.hasOwn(body, name) && fallback !== undefined) return fallback;
  const value = body[name];
  if (!choices.includes(value as T)) {
    fail("validation_error", `"${name}" must be one of ${choices.join(", ")}${fallback === undefined ? "" : ` (default ${fallback})`}`, { details: { field: name, value } });
  }
  return value as T;
}

/** An optional non-blank string field; absent gives undefined. */
export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  return Object.hasOwn(body, name) ? requireString(body, name) : undefined;
}
