import type { H3Event } from "h3";
import { isOneOf } from "../choices.ts";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { failWith } from "../errors.ts";

/**
 * A query parameter that may appear once; a repeated one is ambiguous and refused. (These read the
 * sandbox controls' parameters, which no OpenAPI document describes; a documented route reads its
 * own by its contract, request-input.ts, with the same texts.)
 */
export function queryParam(event: H3Event, name: string): string | undefined {
  const values = event.url.searchParams.getAll(name);
  if (values.length > 1)
    failWith(HTTP_TEXTS.repeatedQuery, { values: { field: name, count: values.length }, details: { field: name } });
  return values[0];
}

/** A query parameter limited to a few values; anything else is a 400 naming them. */
export function queryChoice<T extends string>(event: H3Event, name: string, allowed: readonly T[]): T | undefined {
  const value = queryParam(event, name);
  if (value === undefined || isOneOf(allowed, value)) return value;
  return failWith(HTTP_TEXTS.queryChoice, {
    values: { field: name, allowed: allowed.join(", "), value },
    details: { field: name, allowed },
  });
}
