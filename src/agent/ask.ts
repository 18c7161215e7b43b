import { ActionInputError } from "./actions/build-request.ts";
import { callAction, type ActionCall, type AgentTarget } from "./actions/call.ts";
import type { ActionDefinition } from "./actions/definition.ts";
import { answerLine } from "./answer.ts";
import type { CatalogEntry } from "./resolver/products.ts";
import { applyAnswer, resolveQuestion, type Resolution } from "./resolver/resolve.ts";

export interface Transcript {
  question: string;
  /** The follow-up question, with its answer when one was given. */
  followUp?: { question: string; answer?: string };
  action: string;
  parameters: Record<string, unknown>;
  call?: ActionCall;
  answer: string;
}

export interface AskOptions {
  actions: readonly ActionDefinition[];
  target: AgentTarget;
  catalog: readonly CatalogEntry[];
  /** Answers the one follow-up question (a TTY prompt, or --answer in scripts); undefined when none is available. */
  reply?: (question: string) => Promise<string | undefined>;
}

/**
 * Turns a question into a call: resolve it, ask exactly one follow-up question when a required
 * parameter is missing, fill it from the answer and try again, then call and answer in one line.
 */
export async function ask(question: string, options: AskOptions): Promise<Transcript> {
  let resolution: Resolution = resolveQuestion(question, options.catalog);
  if (resolution.problem) return { question, action: resolution.action, parameters: resolution.parameters, answer: `${resolution.problem}.` };
  let followUp: Transcript["followUp"];
  if (resolution.followUp) {
    const reply = await options.reply?.(resolution.followUp.question);
    if (reply === undefined || reply.trim() === "") {
      return { question, followUp: { question: resolution.followUp.question }, action: resolution.action, parameters: resolution.parameters, answer: `I need to know: ${resolution.followUp.question} (answer with --answer)` };
    }
    followUp = { question: resolution.followUp.question, answer: reply };
    resolution = applyAnswer(resolution, reply, options.catalog);
  }
  const action = options.actions.find((candidate) => candidate.name === resolution.action);
  if (!action) return { question, followUp, action: resolution.action, parameters: resolution.parameters, answer: `No action named ${resolution.action} is defined (see --actions).` };
  try {
    const call = await callAction(action, resolution.parameters, options.target);
    return { question, followUp, action: action.name, parameters: resolution.parameters, call, answer: answerLine(call) };
  } catch (error) {
    if (!(error instanceof ActionInputError)) throw error;
    return { question, followUp, action: action.name, parameters: resolution.parameters, answer: `I could not make the call: ${error.message}.` };
  }
}
