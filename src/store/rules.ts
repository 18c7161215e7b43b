import type { ShapeProblem } from "./shape.ts";

// The rules between a data file's records that its schema cannot say (unique keys, references,
// dates the code can read), so that data from a hand-edited file or an import holds what the
// routes that make the same records hold. Each names the first record that breaks it.

/** A JSON pointer from its segments (RFC 6901: "~" and "/" escaped), as the shape check names fields. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/** The first problem of the records, in their order. */
export function firstProblem<T>(
  records: readonly T[],
  problemOf: (record: T, index: number) => ShapeProblem | null,
): ShapeProblem | null {
  for (const [index, record] of records.entries()) {
    const problem = problemOf(record, index);
    if (problem) return problem;
  }
  return null;
}

/**
 * The first record (of those at `at`) whose field an earlier one has too; `keyOf` says which
 * values count as the same (lower case, for emails), `rule` says why it matters.
 */
export function firstDuplicate<K extends string>(
  records: readonly { readonly [F in K]: string }[],
  at: string,
  field: K,
  rule: string,
  keyOf: (value: string) => string = (value) => value,
): ShapeProblem | null {
  const seen = new Set<string>();
  return firstProblem(records, (record, index) => {
    const value = record[field];
    const key = keyOf(value);
    if (seen.has(key))
      return { path: `${at}${pointer(index, field)}`, message: `is ${quoted(value)}, as an earlier one is: ${rule}` };
    seen.add(key);
    return null;
  });
}

/** The first record (of those at `at`) whose field is none of `known`: "the id of no product". */
export function firstUnknown<K extends string>(
  records: readonly { readonly [F in K]: string }[],
  at: string,
  field: K,
  known: ReadonlySet<string>,
  what: string,
): ShapeProblem | null {
  return firstProblem(records, (record, index) => {
    const value = record[field];
    return known.has(value) ? null : { path: `${at}${pointer(index, field)}`, message: `is ${quoted(value)}, ${what}` };
  });
}

/**
 * The first record (of those at `at`) with a time (in any of `fields` it has) that is not one as
 * the stores write them: ISO 8601 in UTC with milliseconds (Date's toISOString), of a real day.
 * The routes parse and format these times: one they cannot read would fail each request that shows it.
 */
export function firstBadInstant<K extends string>(
  records: readonly { readonly [F in K]?: string }[],
  at: string,
  fields: readonly K[],
): ShapeProblem | null {
  return firstProblem(records, (record, index) => {
    for (const field of fields) {
      const value = record[field];
      if (value !== undefined && !isInstant(value))
        return {
          path: `${at}${pointer(index, field)}`,
          message: `is ${quoted(value)}, not a time as the sandbox writes them (ISO 8601 in UTC, such as 2026-11-12T14:45:00.000Z)`,
        };
    }
    return null;
  });
}

function isInstant(value: string): boolean {
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

/** A value in a message, cut short: the message of a refused file or import should stay one readable line. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}
