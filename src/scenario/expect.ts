import type { Step } from "./scenario.ts";
import type { RunState } from "./state.ts";
import { findPattern, mismatch, StepFailure, select, show } from "./values.ts";

/** Fails the step with what was expected and what was received when the value does not match. */
export async function check(what: string, expected: unknown, received: unknown, seen: string): Promise<void> {
  const problem = await saying(`${what}: `, ` (${seen})`, mismatch(expected, received));
  if (problem) throw new StepFailure(`${what}: ${problem}, received ${show(received)} (${seen})`);
}

/** What `work` gives; a step's failure in it (a pattern that did not finish) said with where it happened. */
export async function saying<T>(before: string, after: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StepFailure) throw new StepFailure(`${before}${error.message}${after}`);
    throw error;
  }
}

/** A step's `expect.body`: selectors and what each must match, or a matcher or value for the whole body. */
export async function checkBody(expected: unknown, body: unknown, seen: string): Promise<void> {
  if (expected === undefined) return;
  const selectors = selectorsOf(expected);
  if (selectors) {
    for (const [at, wanted] of selectors) await check(`body ${at}`, wanted, select(body, at), seen);
    return;
  }
  await check("body", expected, body, seen);
}

/** Whether a body matches what `expect.body` (or a call's `body`) says, as checkBody reads it. */
export async function bodyMatches(expected: unknown, body: unknown): Promise<boolean> {
  if (expected === undefined) return true;
  for (const [at, wanted] of selectorsOf(expected) ?? [["$", expected]])
    if (await mismatch(wanted, select(body, at))) return false;
  return true;
}

/** The selectors of an object whose every key is one ($.path), and what each must match; undefined for a matcher or value. */
function selectorsOf(expected: unknown): [string, unknown][] | undefined {
  if (expected === null || typeof expected !== "object" || Array.isArray(expected)) return undefined;
  return Object.keys(expected).every((key) => key.startsWith("$")) ? Object.entries(expected) : undefined;
}

/** What a step answered, for its captures: a request's status and headers beside its body. */
export interface Answer {
  status?: number;
  headers?: Headers;
  body: unknown;
}

/** Sets the variables the step captures from its answer; one that finds nothing fails the step. */
export async function capture(step: Step, answer: Answer, state: RunState): Promise<void> {
  for (const [name, spec] of Object.entries(step.capture ?? {})) {
    const from = typeof spec === "string" ? spec : spec.from;
    const picked =
      from === "$status"
        ? answer.status
        : from.startsWith("$headers.")
          ? (answer.headers?.get(from.slice(9)) ?? undefined)
          : select(answer.body, from);
    let value: unknown = picked;
    if (typeof spec !== "string") {
      const found =
        typeof picked === "string" ? await saying(`capture ${name}: `, "", findPattern(spec.match, picked)) : null;
      value = found ? decodeURIComponent(found[1] ?? found[0] ?? "") : undefined;
    }
    if (value === undefined)
      throw new StepFailure(
        `capture ${name}: ${from} holds nothing${typeof spec === "string" ? "" : ` matching /${spec.match}/`} in ${show(from.startsWith("$headers.") || from === "$status" ? picked : answer.body)}`,
      );
    state.variables.set(name, value);
  }
}
