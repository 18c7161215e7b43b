import { isDeepStrictEqual } from "node:util";
import { parseDuration } from "../duration.ts";
import { matchPattern } from "./patterns.ts";

/** A step's failure: what was expected and what came back, in one line. */
export class StepFailure extends Error {}

/**
 * The value at a JSONPath-style selector: `$` the whole, `.name` or `['name']` a member, `[2]` an
 * element (negative from the end), `.length` an array's or string's length. Undefined when the
 * path leads nowhere.
 */
export function select(value: unknown, selector: string): unknown {
  const parts = [...selector.slice(1).matchAll(/\.([A-Za-z_$][\w$-]*)|\[(-?\d+)\]|\['([^']*)'\]|\["([^"]*)"\]/g)];
  const consumed = parts.reduce((length, [part]) => length + part.length, 1);
  if (!selector.startsWith("$") || consumed !== selector.length)
    throw new StepFailure(`"${selector}" is no selector: write $, $.name, $.list[0], $.list.length`);
  let current = value;
  for (const [, name, index, quoted, doubleQuoted] of parts) {
    const key = name ?? quoted ?? doubleQuoted;
    if (key === "length" && (Array.isArray(current) || typeof current === "string")) current = current.length;
    else if (key !== undefined)
      current =
        current !== null && typeof current === "object" && Object.hasOwn(current, key)
          ? Reflect.get(current, key)
          : undefined;
    else if (Array.isArray(current)) current = current.at(Number(index));
    else current = undefined;
  }
  return current;
}

/** The tests a matcher object may hold; any other object is a value to equal. */
const TESTS = ["equals", "matches", "gt", "gte", "lt", "lte", "length", "exists", "contains", "not"] as const;
const TEST_NAMES: ReadonlySet<string> = new Set(TESTS);

/**
 * Why a received value does not match what was expected (undefined when it does): a plain value
 * (object and list included) must be equal as written; an object of tests (`matches`, `gte`, …)
 * applies each of them. A `matches` runs off the main thread (patterns.ts): a pattern that does not
 * finish fails the step.
 */
export async function mismatch(expected: unknown, received: unknown): Promise<string | undefined> {
  const tests = testsOf(expected);
  if (!tests) return isDeepStrictEqual(expected, received) ? undefined : `expected ${show(expected)}`;
  for (const [test, wanted] of tests) {
    const problem = await failedTest(test, wanted, received);
    if (problem) return problem;
  }
  return undefined;
}

/** The first match of a scenario's pattern in a text, or null; a pattern that cannot answer fails the step. */
export async function findPattern(pattern: string, text: string): Promise<(string | undefined)[] | null> {
  const result = await matchPattern(pattern, text);
  if ("problem" in result) throw new StepFailure(result.problem);
  return result.found;
}

function testsOf(expected: unknown): [string, unknown][] | undefined {
  if (expected === null || typeof expected !== "object" || Array.isArray(expected)) return undefined;
  const entries = Object.entries(expected);
  return entries.length > 0 && entries.every(([key]) => TEST_NAMES.has(key)) ? entries : undefined;
}

async function failedTest(test: string, wanted: unknown, received: unknown): Promise<string | undefined> {
  const number = typeof received === "number" ? received : Number.NaN;
  switch (test) {
    case "equals":
      return isDeepStrictEqual(wanted, received) ? undefined : `expected ${show(wanted)}`;
    case "matches":
      return typeof received === "string" && (await findPattern(String(wanted), received))
        ? undefined
        : `expected a string matching /${String(wanted)}/`;
    case "gt":
      return number > Number(wanted) ? undefined : `expected more than ${show(wanted)}`;
    case "gte":
      return number >= Number(wanted) ? undefined : `expected at least ${show(wanted)}`;
    case "lt":
      return number < Number(wanted) ? undefined : `expected less than ${show(wanted)}`;
    case "lte":
      return number <= Number(wanted) ? undefined : `expected at most ${show(wanted)}`;
    case "length": {
      const length = Array.isArray(received) || typeof received === "string" ? received.length : undefined;
      if (length === undefined) return "expected something with a length (a list or a string)";
      const problem = await mismatch(wanted, length);
      return problem ? `expected a length: ${problem}, the length is ${length}` : undefined;
    }
    case "exists":
      return (received !== undefined) === Boolean(wanted) ? undefined : wanted ? "expected a value" : "expected none";
    case "contains":
      return (typeof received === "string" && received.includes(String(wanted))) ||
        (Array.isArray(received) && received.some((each) => isDeepStrictEqual(each, wanted)))
        ? undefined
        : `expected it to contain ${show(wanted)}`;
    case "not":
      return (await mismatch(wanted, received)) ? undefined : `expected it not to match ${show(wanted)}`;
  }
  return undefined;
}

/** A value as the report shows it: JSON, cut short. */
export function show(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** A `${name}` to fill in, or `$${`, the escape that writes `${` itself. */
const REFERENCE = /\$\$\{|\$\{([^}]*)\}/g;

/** The names of the variables a text uses (`${name}`), leaving out what is escaped (`$${name}` is text). */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(REFERENCE)].flatMap(([said, name]) => (said === "$${" ? [] : [name ?? ""]));
}

/**
 * Every `${name}` in the strings of a value, replaced by the variable (a whole-string reference
 * keeps its type); `$${` is written as `${`.
 */
export function substitute<T>(value: T, variables: ReadonlyMap<string, unknown>): T {
  if (typeof value === "string") {
    const whole = /^\$\{(\w+)\}$/.exec(value);
    if (whole) return lookup(variables, whole[1] ?? "") as T;
    return value.replace(REFERENCE, (_said, name: string | undefined) => {
      if (name === undefined) return "${"; // The escape, "$${".
      const found = lookup(variables, name);
      return typeof found === "string" ? found : JSON.stringify(found);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((each) => substitute(each, variables)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, substitute(each, variables)])) as T;
  return value;
}

/** A value with each `${` of its strings escaped (`$${`), so that `substitute` gives it back as it was. */
export function escapeVariables<T>(value: T): T {
  // A function, since a replacement string reads "$$" as one "$".
  if (typeof value === "string") return value.replaceAll("${", () => "$${") as T;
  if (Array.isArray(value)) return value.map(escapeVariables) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, escapeVariables(each)])) as T;
  return value;
}

function lookup(variables: ReadonlyMap<string, unknown>, name: string): unknown {
  if (!/^\w+$/.test(name))
    throw new StepFailure(
      `\${${name}} is no variable: a variable is \${name}, captured whole${/[.[]/.test(name) ? " (capture $.orders[0].orderId, not $.orders[0])" : ""}`,
    );
  if (!variables.has(name)) throw new StepFailure(`\${${name}} is no variable: capture it in an earlier step`);
  return variables.get(name);
}

/** Milliseconds of a duration: a number, or "250ms", "5s", "2m", "1h", "1d" (the scenario schema holds strings to a unit). */
export function durationMs(value: number | string): number {
  return typeof value === "number" ? value : (parseDuration(value) ?? Number.NaN);
}
