import { parse as parseYaml } from "yaml";
import { messageOf } from "../errors.ts";

/**
 * The most levels of lists and objects a scenario, or its data file, may nest. The YAML reader
 * runs out of stack some hundreds of levels down, and the checks, the substitution of variables
 * and the sending of a body go down a level at a time too: no scenario needs more than a handful,
 * and an export document holds six.
 */
export const MAX_NESTING = 256;

const NESTING_PROBLEMS = {
  deep: `is nested too deep: more than ${MAX_NESTING} levels of lists and objects, where a scenario needs a handful`,
  cycle:
    "holds itself: a YAML alias (*name) stands inside the node its anchor (&name) marks; write the value out instead",
};

/** A scenario's text read as JSON or YAML, or what is wrong with it in one line (a problem of a file, after its name). */
export function parseDocument(text: string, format: "JSON" | "YAML"): { document: unknown } | { problem: string } {
  let document: unknown;
  try {
    document = format === "YAML" ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    const message = messageOf(error);
    // The YAML reader goes down a level at a time: what is too deep for it is said as for JSON.
    if (/Maximum call stack size exceeded/.test(message)) return { problem: NESTING_PROBLEMS.deep };
    return { problem: `is not valid ${format}: ${message.split("\n")[0]?.replace(/:$/, "")}` };
  }
  const problem = nestingProblem(document);
  return problem ? { problem } : { document };
}

/**
 * Why a value cannot be taken as it is nested: deeper than MAX_NESTING, or holding itself (a YAML
 * alias inside the node its anchor marks). Each node is looked at once, however often aliases
 * repeat it, and the look goes no deeper than the limit.
 */
export function nestingProblem(value: unknown): string | undefined {
  const heights = new Map<object, number>();
  const within = new Set<object>();
  let found: keyof typeof NESTING_PROBLEMS | undefined;
  const height = (node: unknown, depth: number): number => {
    if (found || node === null || typeof node !== "object") return 0;
    if (within.has(node)) found = "cycle";
    const known = heights.get(node);
    if (depth + (known ?? 1) - 1 > MAX_NESTING) found ??= "deep";
    if (found || known !== undefined) return known ?? 0;
    within.add(node);
    let below = 0;
    for (const each of Object.values(node)) below = Math.max(below, height(each, depth + 1));
    within.delete(node);
    heights.set(node, below + 1);
    return below + 1;
  };
  height(value, 1);
  return found && NESTING_PROBLEMS[found];
}
