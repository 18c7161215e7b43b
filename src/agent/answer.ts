import type { ActionCall } from "./actions/call.ts";
import type { ActionDefinition } from "./actions/definition.ts";
import type { AnswerCondition, AnswerTemplate } from "./actions/understanding.ts";
import { defaultActions } from "./resolver/default-actions.ts";

const PERIOD_WORDS: Record<string, string> = {
  "7d": "the last 7 days",
  "30d": "the last 30 days",
  "90d": "the last 90 days",
  "1y": "the last year",
};

const money = (amount: unknown, currency: unknown) =>
  `${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${String(currency ?? "")}`.trim();
const naira = (amount: unknown) => `₦${Number(amount).toLocaleString("en-NG", { maximumFractionDigits: 2 })}`;

/**
 * Filters of the answer templates (`{{path|name:argument}}`): `money:currencyPath`, `naira`,
 * `date` (the day of an ISO time), `count:noun` ("2 lines"), `or:fallback`, `if:text` (the text,
 * with # for the value, when the value is not empty), `period` ("the last 7 days").
 */
const FILTERS: Record<string, (value: unknown, argument: string, lookup: (path: string) => unknown) => string> = {
  money: (value, argument, lookup) => money(value, lookup(argument)),
  naira: (value) => naira(value),
  date: (value) => String(value ?? "").slice(0, 10),
  count: (value, noun) => `${Number(value ?? 0)} ${noun}${Number(value) === 1 ? "" : "s"}`,
  or: (value, fallback) => (isEmpty(value) ? fallback : String(value)),
  if: (value, text) => (isEmpty(value) ? "" : text.replaceAll("#", String(value))),
  period: (value) => PERIOD_WORDS[String(value)] ?? String(value),
};

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
): string {
  const body = call.response.body as { code?: string; error?: string; hint?: string } | undefined;
  const forUser = userName ? ` for ${userName}` : "";
  if (call.response.status >= 400)
    return `The ${call.action} call${forUser} failed: ${call.response.status} ${body?.code ?? body?.error ?? ""}${body?.error && body?.code ? ` (${body.error})` : ""}${body?.hint ? `. ${body.hint}` : ""}`;
  const template = actions.find((action) => action.name === call.action)?.understanding?.answer;
  if (!template) return `${call.action} answered ${call.response.status}.`;
  return sayAnswer(template, {
    body: call.response.body,
    parameters: call.parameters,
    ...person(userName),
    window: windowWords(call.parameters),
    Window: capitalize(windowWords(call.parameters)),
  });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Says the template's first case that holds, with the values filled in. */
export function sayAnswer(template: AnswerTemplate, values: Record<string, unknown>): string {
  const lists = Object.fromEntries(
    Object.entries(template.lists ?? {}).map(([name, list]) => {
      const items = asArray(lookupIn(values, list.from));
      const shown = items
        .slice(0, list.max ?? items.length)
        .map((item) => fillTemplate(list.say, { ...values, ...(item as object), item }));
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

function fillTemplate(template: string, scope: Record<string, unknown>): string {
  return template.replace(
    /\{\{\s*([^}|]+?)\s*(?:\|\s*([a-z]+)(?::([^}]*))?)?\}\}/g,
    (_, path: string, filter?: string, argument = "") => {
      const value = lookupIn(scope, path);
      const apply = filter ? FILTERS[filter] : undefined;
      return apply
        ? apply(value, argument, (other) => lookupIn(scope, other))
        : isEmpty(value) && value !== 0
          ? ""
          : String(value);
    },
  );
}

/** A dotted path into the values; `length` of an array; `items[id=parameters.product_id]` selects the element whose id equals that value. */
function lookupIn(scope: Record<string, unknown>, path: string): unknown {
  let current: unknown = scope;
  for (const part of path.split(/\.(?![^[]*\])/)) {
    const select = /^([^[]+)\[(\w+)=([^\]]+)\]$/.exec(part);
    if (select) {
      const wanted = lookupIn(scope, select[3] as string);
      current = asArray((current as Record<string, unknown> | undefined)?.[select[1] as string]).find(
        (item) => (item as Record<string, unknown>)?.[select[2] as string] === wanted,
      );
    } else if (part === "length" && Array.isArray(current)) current = current.length;
    else current = current && typeof current === "object" ? (current as Record<string, unknown>)[part] : undefined;
  }
  return current;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  value === 0 ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

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

/** The window of a wallet answer, with its preposition: "over the last 30 days", "on 2026-11-03", "from … to …". */
function windowWords(parameters: Record<string, unknown>): string {
  if (typeof parameters.period === "string") return `over ${PERIOD_WORDS[parameters.period] ?? parameters.period}`;
  if (parameters.from && parameters.to)
    return parameters.from === parameters.to
      ? `on ${String(parameters.from)}`
      : `from ${String(parameters.from)} to ${String(parameters.to)}`;
  if (parameters.from) return `since ${String(parameters.from)}`;
  if (parameters.to) return `up to ${String(parameters.to)}`;
  return "over all time";
}
