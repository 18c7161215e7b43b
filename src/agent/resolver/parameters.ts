import type { ActionDefinition } from "../actions/definition.ts";
import type { WriteLicense } from "../gate/license.ts";
import { clockAt } from "./calendar.ts";
import { defaultActions } from "./default-actions.ts";
import { fillParameter } from "./fill.ts";
import type { FillContext, Found } from "./fill-context.ts";
import type { Focus } from "./focus.ts";
import type { CatalogEntry } from "./products.ts";
import type { Explanation } from "./score.ts";
import { normalize } from "./text.ts";

/** One question to ask; `next` is the one to ask after it, when a later parameter must be asked too (how many, after which product). */
export interface FollowUp {
  parameter: string;
  question: string;
  choices?: string[];
  next?: { parameter: string; question: string };
}

/** What a question becomes: an action and its parameters, the one question to ask first, or a refusal. */
export interface Resolution {
  action: string;
  parameters: Record<string, unknown>;
  /** A required parameter is missing (or an answer did not fit): ask this, one question at a time. */
  followUp?: FollowUp;
  /** Why the question cannot become one call (then nothing is sent). */
  problem?: string;
  /** No action serves the question: `problem` says what the agent can do instead. */
  refused?: boolean;
  /** Answered without a call, and why ("a question about the agent"): `problem` is the answer, and nothing is sent. */
  answered?: string;
  /** Something the question asks that the call cannot do, said before the answer ("I can't filter by amount"). */
  note?: string;
  /** What the question asks of the list the call returns that the call can't ask for ("the biggest", "to Mum"): the answer picks it. */
  focus?: Focus;
  /** Why: the phrases matched, the scores, the values and where they came from. */
  explanation?: Explanation;
  /** A write the write gate let through: the call must keep the values the user's words gave (gate/gate.ts). */
  license?: WriteLicense;
}

export interface ResolveOptions {
  /** The actions to route to; the shipped ones (fixtures/actions) when not given. */
  actions?: readonly ActionDefinition[];
  /** "Today" and the user's time zone, for dates (now, and the system's time zone, when not given). */
  now?: Date;
  timeZone?: string;
  /** The user the agent acts for: their own name in a possessive is theirs. */
  userName?: string;
  /** The question is one request already (its other requests were set aside): no more splitting. */
  oneRequest?: boolean;
}

/**
 * Fills the parameter the follow-up asked for from the answer, so the call can be made. An
 * answer that does not fit asks again, saying why and repeating the choices.
 */
export function applyAnswer(
  resolution: Resolution,
  answer: string,
  catalog: readonly CatalogEntry[],
  options: ResolveOptions = {},
): Resolution {
  const parameter = resolution.followUp?.parameter;
  const action = (options.actions ?? defaultActions()).find((candidate) => candidate.name === resolution.action);
  if (!parameter || !action) return resolution;
  const explanation = resolution.explanation ?? {
    typos: [],
    candidates: [],
    values: [],
    timeZone: clockAt(options.now, options.timeZone).timeZone,
  };
  const fill = action.understanding?.parameters?.[parameter];
  const context: FillContext = {
    question: answer,
    text: normalize(answer),
    catalog,
    clock: clockAt(options.now, options.timeZone),
    action,
    answering: true,
    choices: resolution.followUp?.choices,
  };
  const found: Found | undefined = fill
    ? fillParameter(parameter, fill, context)
    : { value: answer.trim(), because: "the answer" };
  if (!found || found.value === undefined) {
    const question =
      found?.ask?.question ?? `"${answer.trim()}" does not give ${parameter}: ${resolution.followUp?.question}`;
    return {
      ...resolution,
      followUp: { parameter, question, choices: found?.ask?.choices ?? resolution.followUp?.choices },
      explanation,
    };
  }
  const range = outOfRange(action, parameter, found.value);
  if (range) return { ...resolution, followUp: { parameter, question: range }, explanation };
  const parameters = { ...resolution.parameters, [parameter]: found.value };
  const values = [...explanation.values, { parameter, value: found.value, because: found.because }];
  const queued = resolution.followUp?.next;
  if (queued && parameters[queued.parameter] === undefined)
    return { ...resolution, parameters, followUp: queued, explanation: { ...explanation, values } };
  // What the write gate let through stays with the answer: the follow-up only fills what the message left open.
  const after = nextFollowUp(action, parameters, { ...explanation, values }, new Set([parameter]));
  return resolution.license ? { ...after, license: resolution.license } : after;
}

export function fillAll(
  action: ActionDefinition,
  context: FillContext,
  parameters: Record<string, unknown>,
  explanation: Explanation,
): Resolution {
  let followUp: Resolution["followUp"];
  const notes: string[] = [];
  for (const [name, fill] of Object.entries(action.understanding?.parameters ?? {})) {
    const found = fillParameter(name, fill, context);
    if (found?.note) notes.push(found.note);
    if (found?.problem && found.answered)
      return {
        action: action.name,
        parameters,
        answered: found.answered,
        problem: found.problem,
        explanation: { ...explanation, rule: found.because },
      };
    if (found?.problem && found.refuse)
      return {
        action: "none",
        parameters: {},
        refused: true,
        problem: found.problem,
        explanation: { ...explanation, rule: found.because },
      };
    if (found?.problem)
      return {
        action: action.name,
        parameters,
        problem: found.problem,
        explanation: { ...explanation, rule: found.because },
      };
    const range = found?.value !== undefined ? outOfRange(action, name, found.value) : undefined;
    if (range && !followUp) {
      followUp = { parameter: name, question: range };
      explanation.values.push({
        parameter: name,
        value: undefined,
        because: `${JSON.stringify(found?.value)} is out of range`,
      });
    } else if (found?.value !== undefined && !range) {
      parameters[name] = found.value;
      explanation.values.push({ parameter: name, value: found.value, because: found.because });
    } else if (!found && action.parameters.properties[name]?.default !== undefined) {
      parameters[name] = action.parameters.properties[name]?.default;
      explanation.values.push({ parameter: name, value: parameters[name], because: "the schema's default" });
    } else if (found?.ask && !followUp) {
      followUp = {
        parameter: name,
        question: found.ask.question,
        ...(found.ask.choices ? { choices: found.ask.choices } : {}),
      };
      explanation.values.push({ parameter: name, value: undefined, because: found.because });
    }
  }
  if (followUp) return { action: action.name, parameters, followUp, explanation };
  const resolution = nextFollowUp(action, parameters, explanation, new Set());
  return notes.length > 0 && !resolution.followUp ? { ...resolution, note: notes.join(". ") } : resolution;
}

/** The first required parameter still missing becomes the follow-up question. */
function nextFollowUp(
  action: ActionDefinition,
  parameters: Record<string, unknown>,
  explanation: Explanation,
  answered: Set<string>,
): Resolution {
  const missing = (action.parameters.required ?? []).find(
    (name) => parameters[name] === undefined && !answered.has(name),
  );
  if (!missing) return { action: action.name, parameters, explanation };
  const fill = action.understanding?.parameters?.[missing];
  const question = fill?.ask ?? `What ${missing.replaceAll("_", " ")} should I use?`;
  return { action: action.name, parameters, followUp: { parameter: missing, question }, explanation };
}

/** A number the schema does not take ("add 150 crates" when at most 99 go at once, "half a crate" of whole crates): the question to ask instead. */
function outOfRange(action: ActionDefinition, name: string, value: unknown): string | undefined {
  const schema = action.parameters.properties[name] as
    | { type?: string; minimum?: number; maximum?: number }
    | undefined;
  if (typeof value !== "number" || !schema) return undefined;
  const whole = schema.type !== "integer" || Number.isInteger(value);
  if (
    whole &&
    (schema.minimum === undefined || value >= schema.minimum) &&
    (schema.maximum === undefined || value <= schema.maximum)
  )
    return undefined;
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined
      ? `from ${schema.minimum} to ${schema.maximum}`
      : schema.maximum !== undefined
        ? `at most ${schema.maximum}`
        : schema.minimum !== undefined
          ? `at least ${schema.minimum}`
          : "";
  const kind = schema.type === "integer" ? `a whole number${range ? ` ${range}` : ""}` : range;
  return `${name.replaceAll("_", " ")} must be ${kind} (you said ${value}): what ${name.replaceAll("_", " ")} should I use?`;
}
