import type { ActionDefinition } from "../actions/definition.ts";
import { dayIn, MONTH_OR_DAY } from "./calendar.ts";
import { hasDateFills, windowOf } from "./fill.ts";
import type { FillContext } from "./fill-context.ts";
import { STOP_WORDS } from "./products.ts";
import { normalize, words } from "./text.ts";
import { vocabulary } from "./vocabulary.ts";

/** Words that ask about a time without naming anything: "anything from 3 Oct?", "what happened on Monday?". */
const ABOUT_A_TIME = new Set(
  "anything everything something happened happen happening going went on from since between until till what whats show see list all was were did there who when thing that mean meant dollar dollars naira usd ngn amount including include failed say like around roughly approximately maybe exactly think guess sometime through pull bring display give wise remember recall forgot forget know sure idea can't cannot".split(
    " ",
  ),
);

/** Words asking about money: with days named, what else the question names is a payee or merchant, not a topic no action knows. */
export const MONEY_ASKED = /\bhow much\b|\bcost\b|\bcharg(?:e|ed|ing)\b|\bpaid\b|\bdebited\b/;

/**
 * A question naming days gone by and nothing else ("anything from 3 Oct?", "what happened on 12
 * October") asks what happened then: the first action that takes dates answers it. A word no
 * action knows ("who won the match last night?") or days still ahead ("tomorrow") are no such clue.
 */
export function datedAction(
  actions: readonly ActionDefinition[],
  context: Omit<FillContext, "action">,
): { action: ActionDefinition; said: string } | undefined {
  const action = actions.find(hasDateFills);
  // Days, or one of the action's periods ("show me everything from the last 7 days").
  const period = action ? windowOf({ ...context, action }) : undefined;
  const window = datedWindow(actions, context) ?? (period && "period" in period ? period : undefined);
  if (!action || !window) return undefined;
  const known = vocabulary(actions, []);
  // Money asked of days ("how much was netflix on the 17th"): an unknown word is what the money went to, which the list's answer looks for.
  const money = MONEY_ASKED.test(context.text);
  // The corrected words besides the days ("wat" is what; "nov" of "9th to 11th nov" is a month).
  const rest = words(window.said.split(" … ").reduce((text, said) => text.replace(normalize(said), " "), context.text));
  if (
    !money &&
    rest.some(
      (word) =>
        word.length >= 3 &&
        /^[a-z]/.test(word) &&
        !STOP_WORDS.has(word) &&
        !ABOUT_A_TIME.has(word) &&
        !known.has(word) &&
        !MONTH_OR_DAY.test(word),
    )
  )
    return undefined;
  const today = dayIn(context.clock);
  if ("period" in window) return { action, said: window.said };
  return (window.to ?? window.from ?? today) <= today ? { action, said: window.said } : undefined;
}

/** The days a question names, as the first action that takes dates reads them (not a period, not a problem). */
export function datedWindow(
  actions: readonly ActionDefinition[],
  context: Omit<FillContext, "action">,
): { from?: string; to?: string; said: string } | undefined {
  const action = actions.find(hasDateFills);
  const window = action && windowOf({ ...context, action });
  return window && !("period" in window) && !window.problem ? window : undefined;
}
