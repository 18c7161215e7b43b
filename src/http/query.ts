import type { H3Event } from "h3";
import { fail } from "./errors.ts";

/** A query parameter that may appear once; a repeated one is ambiguous and refused. */
export function queryParam(event: H3Event, name: string): string | undefined {
  const values = event.url.searchParams.getAll(name);
  if (values.length > 1) fail("validation_error", `"${name}" is given ${values.length} times; give it once`, { details: { field: name } });
  return values[0];
}

/** A query parameter limited to a few values; anything else is a 400 naming them. */
export function queryChoice<T extends string>(event: H3Event, name: string, allowed: readonly T[]): T | undefined {
  const value = queryParam(event, name);
  if (value !== undefined && !(allowed as readonly string[]).includes(value)) {
    fail("validation_error", `"${name}" must be one of ${allowed.join(", ")}; got "${value}"`, { details: { field: name, allowed } });
  }
  return value as T | undefined;
}
