import { conforms } from "../json-validator.ts";
import type { ActionCall, AgentTarget } from "./actions/call.ts";
import type { ActionDefinition } from "./actions/definition.ts";
import type { AnswerCondition, AnswerTemplate } from "./actions/understanding.ts";
import { focusedLine } from "./focused-answer.ts";
import { type Clock, clockAt, dayIn } from "./resolver/calendar.ts";
import { defaultActions } from "./resolver/default-actions.ts";
import type { Focus } from "./resolver/focus.ts";
import { periodDays } from "./resolver/period-days.ts";
import { asArray, fillTemplate, hasMembers, isEmpty, lookupIn, money, PERIOD_WORDS, sayDay } from "./template.ts";

const ERROR_PARTS = {
  type: "object",
  properties: { code: { type: "string" }, error: { type: "string" }, hint: { type: "string" } },
} as const;

/**
 * One line that answers the question from the call's response, as an agent would say it: to the
 * user ("your balance"), or, given the user's name, about them ("Ada Okafor's balance"), for an
 * agent that relays answers for several users and must not mix them up. The line comes from the
 * action's answer template (`understanding.answer` of its definition); an error answer, or an
 * action without a template, gets a generic line.
 */
export function answerLine(
  call: ActionCall,
  userName?: string,
  actions: readonly ActionDefinition[] = defaultActions(),
  clock: Clock = clockAt(),
  focus?: Focus,
): string {
  // What an error answer says, each part when it says it (the OAuth token endpoint's says only `error`); a body of another shape, nothing.
  const body = conforms(ERROR_PARTS, call.response.body) ? call.response.body : undefined;
  const forUser = userName ? ` for ${userName}` : "";
  if (call.response.status >= 400)
    return `The ${call.action} call${forUser} failed: ${call.response.status} ${body?.code ?? body?.error ?? ""}${body?.error && body?.code ? ` (${body.error})` : ""}${body?.hint ? `. ${body.hint}` : ""}`;
  if (call.response.offSchema)
    return `The ${call.action} call${forUser} answered ${call.response.status} with a body its action's schema does not allow: ${call.response.offSchema}.`;
  const understanding = actions.find((action) => action.name === call.action)?.understanding;
  const template = understanding?.answer;
  if (!template) return `${call.action} answered ${call.response.status}.`;
  const window = windowWords(call.parameters, clock);
  const values = {
    body: call.response.body,
    parameters: call.parameters,
    ...person(userName),
    window,
    Window: capitalize(window),
    timeZone: clock.timeZone,
    thisYear: dayIn(clock).slice(0, 4),
  };
  const { items, total } = understanding;
  const line = (focus && items ? focusedLine(focus, items, values) : undefined) ?? sayAnswer(template, values);
  if (!total || !focus) return line;
  const held = String(lookupIn(values, total.currency) ?? "");
  const other =
    focus.inCurrency && focus.inCurrency !== held.toUpperCase()
      ? ` It is held in ${held}, and I have no exchange rate to give it in ${focus.inCurrency}.`
      : "";
  return `${line}${focus.against ? ` ${comparedWith(focus.against, total, values)}` : ""}${other}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The clock an answer's days are said on: the target's (the sandbox clock), else the system's; the time zone given, else the system's. */
export async function targetClock(target: AgentTarget, timeZone?: string): Promise<Clock> {
  return clockAt(await target.now?.().catch(() => undefined), timeZone);
}

/** The answer's amount held against the one the question named: "That is 427.39 USD short of $7,500." */
function comparedWith(
  against: NonNullable<Focus["against"]>,
  total: { amount: string; currency: string },
  values: Record<string, unknown>,
): string {
  const amount = Number(lookupIn(values, total.amount));
  const currency = String(lookupIn(values, total.currency) ?? "");
  if (against.currency && against.currency !== currency)
    return `I can't hold it against ${against.said}: that is in ${against.currency}, and I have no exchange rate.`;
  const difference = Math.round((amount - against.amount) * 100) / 100;
  return difference >= 0
    ? `That is ${money(difference, currency)} more than ${against.said}.`
    : `That is ${money(-difference, currency)} short of ${against.said}.`;
}

/** Says the template's first case that holds, with the values filled in. */
export function sayAnswer(template: AnswerTemplate, values: Record<string, unknown>): string {
  const lists = Object.fromEntries(
    Object.entries(template.lists ?? {}).map(([name, list]) => {
      const items = asArray(lookupIn(values, list.from));
      const shown = items
        .slice(0, list.max ?? items.length)
        .map((item) => fillTemplate(list.say, { ...values, ...(hasMembers(item) ? item : {}), item }));
      return [name, `${shown.join(list.join ?? ", ")}${items.length > shown.length ? (list.more ?? "") : ""}`];
    }),
  );
  const scope = { ...values, ...lists };
  const chosen =
    template.cases.find((candidate) => holds(candidate.when, scope)) ?? template.cases[template.cases.length - 1];
  return fillTemplate(chosen?.say ?? "", scope);
}

function holds(condition: AnswerCondition | undefined, scope: Record<string, unknown>): boolean {
  if (!condition) return true;
  if (condition.empty !== undefined && !isEmpty(lookupIn(scope, condition.empty))) return false;
  if (condition.present !== undefined && isEmpty(lookupIn(scope, condition.present))) return false;
  if (condition.equals && lookupIn(scope, condition.equals[0]) !== condition.equals[1]) return false;
  return true;
}

/** Second person for the user themself, their name when the answer goes to an agent acting for several users. */
function person(userName: string | undefined): Record<string, string> {
  if (!userName) return { you: "you", You: "You", your: "your", Your: "Your", have: "have", for_user: "" };
  return {
    you: userName,
    You: userName,
    your: `${userName}'s`,
    Your: `${userName}'s`,
    have: "has",
    for_user: ` for ${userName}`,
  };
}

/**
 * The window of a wallet answer with its preposition, naming its days, so that whoever meant
 * the calendar month sees at once what was used: "over the last 30 days (26 Oct – 25 Nov)",
 * "on Sat 29 Aug", "from 1 Oct to 15 Oct", "since 3 Oct".
 */
function windowWords(parameters: Record<string, unknown>, clock: Clock): string {
  const year = dayIn(clock).slice(0, 4);
  if (typeof parameters.period === "string") {
    const days = periodDays(parameters.period);
    const words = `over ${PERIOD_WORDS[parameters.period] ?? parameters.period}`;
    if (!days) return words;
    const from = dayIn({ ...clock, now: new Date(clock.now.getTime() - days * 86_400_000) });
    return `${words} (${sayDay(from, year)} – ${sayDay(dayIn(clock), year)})`;
  }
  const from = typeof parameters.from === "string" ? parameters.from.slice(0, 10) : undefined;
  const to = typeof parameters.to === "string" ? parameters.to.slice(0, 10) : undefined;
  if (from && to)
    return from === to ? `on ${sayDay(from, year, true)}` : `from ${sayDay(from, year)} to ${sayDay(to, year)}`;
  if (from) return `since ${sayDay(from, year)}`;
  if (to) return `up to ${sayDay(to, year)}`;
  return "over all time";
}
