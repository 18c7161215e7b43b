import { ActionInputError } from "./actions/build-request.ts";
import { type ActionCall, type AgentTarget, callAction } from "./actions/call.ts";
import type { ActionDefinition } from "./actions/definition.ts";
import { answerLine, targetClock } from "./answer.ts";
import { admit } from "./gate/admit.ts";
import { conditional } from "./gate/gate.ts";
import { isWrite } from "./gate/grant.ts";
import { clockAt } from "./resolver/calendar.ts";
import { applyAnswer, type Resolution, type ResolveOptions } from "./resolver/parameters.ts";
import type { CatalogEntry } from "./resolver/products.ts";
import { resolveQuestion } from "./resolver/resolve.ts";
import type { Explanation } from "./resolver/score.ts";
import { hasPhrase, normalize } from "./resolver/text.ts";
import { agentCatalog } from "./target.ts";

export interface Transcript {
  question: string;
  /** The follow-up question, with its answer when one was given (the last one, when there were several). */
  followUp?: { question: string; answer?: string };
  /** Every follow-up question in order, one at a time, with its answer. */
  followUps?: { question: string; answer?: string }[];
  /** "none" when the question was refused. */
  action: string;
  parameters: Record<string, unknown>;
  /** No action serves the question: nothing was sent, and the answer says what the agent can do. */
  refused?: boolean;
  /** Answered without a call ("a question about the agent"), and why: nothing was sent. */
  answered?: string;
  call?: ActionCall;
  /** Reads made to check a condition the message put on a change ("if I have enough money"), before it was made or held back. */
  checks?: ActionCall[];
  answer: string;
  /** Why this action and these values (`--explain`). */
  explanation?: Explanation;
}

export interface AskOptions {
  actions: readonly ActionDefinition[];
  target: AgentTarget;
  /**
   * The catalog, or how to read it: read only when the question may name a product. Default: the
   * agent's own catalog route (agentCatalog), so that every client that asks (`agent ask`, the
   * terminal UI) sends the same calls for the same question.
   */
  catalog?: readonly CatalogEntry[] | (() => Promise<readonly CatalogEntry[]>);
  /** Answers a follow-up question (a TTY prompt, or --answer in scripts); undefined when none is available. */
  reply?: (question: string) => Promise<string | undefined>;
  /** "Today" and the user's time zone for dates (the target's clock, or the system's, and the system's zone by default). */
  now?: Date;
  timeZone?: string;
}

/** Follow-up questions asked at most, one at a time, before giving up. */
const MAX_FOLLOW_UPS = 3;

/**
 * Turns a question into a call: resolve it, ask one follow-up question at a time while a
 * required parameter is missing (an answer that does not fit is told why and asked again), then
 * call and answer in one line. A refused question sends nothing.
 */
export async function ask(question: string, options: AskOptions): Promise<Transcript> {
  const { now, timeZone } = options.now
    ? clockAt(options.now, options.timeZone)
    : await targetClock(options.target, options.timeZone);
  const resolveOptions: ResolveOptions = {
    actions: options.actions,
    now,
    timeZone,
    userName: options.target.endUserName,
  };
  const catalog = await catalogFor(question, options, resolveOptions);
  let resolution: Resolution = resolveQuestion(question, catalog, resolveOptions);
  const done = (rest: Partial<Transcript> & { answer: string }): Transcript => ({
    question,
    ...(followUps.length > 0 ? { followUp: followUps[followUps.length - 1], followUps } : {}),
    action: resolution.action,
    parameters: resolution.parameters,
    ...(resolution.refused ? { refused: true } : {}),
    ...(resolution.answered ? { answered: resolution.answered } : {}),
    explanation: resolution.explanation,
    ...rest,
  });
  const followUps: { question: string; answer?: string }[] = [];
  if (resolution.problem) return done({ answer: `${resolution.problem}.` });
  while (resolution.followUp) {
    const asked = resolution.followUp.question;
    const reply = followUps.length < MAX_FOLLOW_UPS ? await options.reply?.(asked) : undefined;
    if (reply === undefined || reply.trim() === "") {
      followUps.push({ question: asked });
      return done({ answer: `I need to know: ${asked}` });
    }
    followUps.push({ question: asked, answer: reply });
    resolution = applyAnswer(resolution, reply, catalog, resolveOptions);
  }
  const action = options.actions.find((candidate) => candidate.name === resolution.action);
  if (!action) return done({ answer: `No action named ${resolution.action} is defined (see --actions).` });
  try {
    // The write gate's last word: a write goes only with its pass, after any condition on it is read.
    const admission = await admit(action, resolution, {
      actions: options.actions,
      catalog,
      read: (reader, parameters) => callAction(reader, parameters, options.target),
    });
    const checks = admission.checks.length > 0 ? { checks: admission.checks } : {};
    if ("held" in admission) return done({ answered: "a change held back", answer: `${admission.held}.`, ...checks });
    const call = await callAction(action, resolution.parameters, options.target, admission.grant);
    const answer = answerLine(call, undefined, options.actions, { now, timeZone }, resolution.focus);
    const note = [admission.note, resolution.note].filter(Boolean).join(". ");
    return done({ action: action.name, call, answer: note ? `${note}. ${answer}` : answer, ...checks });
  } catch (error) {
    if (!(error instanceof ActionInputError)) throw error;
    return done({ answer: `I could not make the call: ${error.message} (nothing was sent).` });
  }
}

/** The catalog is read only when it may matter: a question the wallet alone answers does not fetch it. */
async function catalogFor(
  question: string,
  options: AskOptions,
  resolveOptions: ResolveOptions,
): Promise<readonly CatalogEntry[]> {
  const catalog = options.catalog ?? (() => agentCatalog(options.target));
  if (typeof catalog !== "function") return catalog;
  const without = resolveQuestion(question, [], resolveOptions);
  const needed = options.actions.filter(
    (action) =>
      Object.values(action.understanding?.parameters ?? {}).some(
        (fill) => fill.from === "product" || fill.from === "search",
      ) || action.understanding?.catalogWeight,
  );
  const walletOnly =
    !without.refused &&
    // A message answered without a call (a change held back) may still name products: only an action read without them skips the catalog.
    options.actions.some((action) => action.name === without.action) &&
    // A change asked for in so many words ("add 1 bag of gari, that's all I can afford"), or under a condition, names a product.
    !conditional(question) &&
    !options.actions.some(
      (action) =>
        isWrite(action) &&
        Object.entries(action.understanding?.intent ?? {}).some(
          ([phrase, weight]) => weight >= 3 && !phrase.includes("{") && hasPhrase(normalize(question), phrase),
        ),
    ) &&
    !needed.some((action) => action.name === without.action) &&
    without.explanation?.candidates[0]?.score !== undefined &&
    without.explanation.candidates[0].score >= 4;
  return walletOnly ? [] : catalog();
}
