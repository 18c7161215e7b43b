import type { ActionDefinition } from "../actions/definition.ts";
import type { ParameterFill, WordsFill } from "../actions/understanding.ts";
import { type Clock, dayBound, type Window } from "./calendar.ts";
import { readWindow } from "./dates.ts";
import type { FillContext, Found } from "./fill-context.ts";
import { productValue, quantityValue } from "./product-fills.ts";
import { searchValue } from "./search-fill.ts";
import { hasPhrase, normalize } from "./text.ts";

/** Fills one parameter from the question by its rule; undefined when the question does not say. */
export function fillParameter(name: string, fill: ParameterFill, context: FillContext): Found | undefined {
  switch (fill.from) {
    case "period": {
      const window = windowOf(context);
      if (window && "period" in window) return { value: window.period, because: `"${window.said}"` };
      if (window && hasDateFills(context.action)) return undefined;
      return fill.default
        ? {
            value: fill.default,
            because: window ? `default: ${name} takes no dates ("${window.said}")` : "default: no period named",
          }
        : undefined;
    }
    case "date": {
      const window = windowOf(context);
      if (window && "problem" in window && window.problem)
        return { because: `"${window.said}"`, problem: window.problem };
      const day = window && !("period" in window) ? (fill.bound === "start" ? window.from : window.to) : undefined;
      return day
        ? {
            value: dayBound(day, fill.bound, context.clock.timeZone),
            because: `"${window!.said}", a day in ${context.clock.timeZone}`,
          }
        : undefined;
    }
    case "words":
      return wordsValue(fill, context, typeOf(context.action, name));
    case "pattern": {
      const match = new RegExp(fill.pattern, "i").exec(context.question);
      if (!match) return undefined;
      const made = fill.value
        ? fill.value.replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? "")
        : match[0];
      const found = fill.separator === undefined ? made : made.replace(/[\s_-]+/g, fill.separator);
      return {
        value: fill.case === "upper" ? found.toUpperCase() : fill.case === "lower" ? found.toLowerCase() : found,
        because: `pattern /${fill.pattern}/`,
      };
    }
    case "product":
      return productValue(context);
    case "quantity":
      return quantityValue(context);
    case "search":
      return searchValue(context);
  }
}

const windows = new WeakMap<Clock, Map<string, Window>>();

/**
 * The window the question names, read with the action's own period phrases. Read once per
 * question, clock and phrases: scoring, the rules and the fills of one question all ask for it.
 */
export function windowOf(context: FillContext): Window {
  const period = Object.values(context.action.understanding?.parameters ?? {}).find((fill) => fill.from === "period");
  const values = period?.from === "period" ? period.values : {};
  let read = windows.get(context.clock);
  if (!read) {
    read = new Map();
    windows.set(context.clock, read);
  }
  const key = JSON.stringify([context.question, context.text, values]);
  if (!read.has(key)) read.set(key, readWindow(context.question, values, context.clock, context.text));
  return read.get(key);
}

/** Whether a required parameter filled by an id pattern is not in the question (the action could only ask for it). */
export function missingId(action: ActionDefinition, question: string): boolean {
  return (action.parameters.required ?? []).some((name) => {
    const fill = action.understanding?.parameters?.[name];
    return fill?.from === "pattern" && !holdsId(fill, question);
  });
}

/** Whether the question holds an id one of the action's parameters is filled with ("txn_ada_0012"). */
export function namesId(action: ActionDefinition, question: string): boolean {
  return Object.values(action.understanding?.parameters ?? {}).some(
    (fill) => fill.from === "pattern" && holdsId(fill, question),
  );
}

const holdsId = (fill: { pattern: string }, question: string) => new RegExp(fill.pattern, "i").test(question);

export function hasDateFills(action: ActionDefinition): boolean {
  return Object.values(action.understanding?.parameters ?? {}).some((fill) => fill.from === "date");
}

function typeOf(action: ActionDefinition, name: string): unknown {
  return action.parameters.properties[name]?.type;
}

/**
 * The value whose phrases the question holds, the longest phrase read first; a phrase inside a
 * longer one already read ("paid" of "paid in") names nothing. Two values named ("anything go
 * out or come in") fill nothing.
 */
function wordsValue(fill: WordsFill, context: FillContext, type: unknown): Found | undefined {
  const found = Object.entries(fill.values)
    .flatMap(([value, phrases]) => phrases.map((phrase) => ({ value, phrase })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  let rest = context.text;
  const hits: { value: string; phrase: string }[] = [];
  for (const hit of found) {
    if (!hasPhrase(rest, hit.phrase)) continue;
    rest = rest.replace(normalize(hit.phrase), " | ");
    if (!hits.some((each) => each.value === hit.value)) hits.push(hit);
  }
  const [best, next] = hits;
  if (!best || next) return undefined;
  const value =
    type === "boolean"
      ? best.value === "true"
      : type === "integer" || type === "number"
        ? Number(best.value)
        : best.value;
  return { value, because: `"${best.phrase}"` };
}
