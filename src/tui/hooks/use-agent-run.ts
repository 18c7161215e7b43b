import { useCallback } from "react";
import { ActionInputError } from "../../agent/actions/build-request.ts";
import { type ActionCall, callAction } from "../../agent/actions/call.ts";
import type { ActionDefinition } from "../../agent/actions/definition.ts";
import { answerLine } from "../../agent/answer.ts";
import { ask, type Transcript } from "../../agent/ask.ts";
import { explicitCall } from "../../agent/gate/grant.ts";
import { agentTargetFor } from "../client/agent-target.ts";
import { useServices } from "../context.tsx";
import type { TuiState, TuiStore } from "../state/store.ts";
import { useFollowUp } from "./use-follow-up.ts";
import { useRequest } from "./use-request.ts";

/** What the agent did for one question or one action picked by hand (no question then). */
export type AgentRun = Omit<Transcript, "question"> & { question?: string };

/**
 * The agent, acting for the signed-in user: `ask` resolves a question as `sandbox agent ask`
 * does (its follow-up answered in the UI), `call` calls an action with the parameters given.
 * One run at a time; the last one is what the screen shows.
 */
export function useAgentRun(actions: readonly ActionDefinition[]) {
  const { settings, client, store } = useServices();
  const request = useRequest<AgentRun>();
  const followUp = useFollowUp();
  const { run } = request;

  const askQuestion = useCallback(
    (question: string) =>
      run(async (signal) => {
        const target = agentTargetFor(settings, client, store.state.logins, signal);
        // As `sandbox agent ask` asks: the catalog is read only when the question may name a product.
        const transcript = await ask(question, { actions, target, reply: followUp.reply });
        noteSession(
          store,
          actions.find((action) => action.name === transcript.action),
          transcript.call,
        );
        // Esc on the follow-up: this question's result (nothing sent) replaces the call before, said in UI terms.
        if (transcript.followUp && transcript.followUp.answer === undefined)
          return { ...transcript, answer: "Cancelled: the follow-up question was not answered, so nothing was sent." };
        return transcript;
      }),
    [run, settings, client, store, actions, followUp.reply],
  );

  const callByHand = useCallback(
    (action: ActionDefinition, parameters: Record<string, unknown>) =>
      run(async (signal): Promise<AgentRun> => {
        const target = agentTargetFor(settings, client, store.state.logins, signal);
        try {
          const call = await callAction(action, parameters, target, explicitCall(action, parameters));
          noteSession(store, action, call);
          return { action: action.name, parameters, call, answer: answerLine(call, undefined, actions) };
        } catch (error) {
          if (!(error instanceof ActionInputError)) throw error;
          return {
            action: action.name,
            parameters,
            answer: `I could not make the call: ${error.message} (nothing was sent).`,
          };
        }
      }),
    [run, settings, client, store, actions],
  );

  return {
    ...request,
    ask: askQuestion,
    call: callByHand,
    followUp: followUp.question,
    answerFollowUp: followUp.answer,
    cancelFollowUp: followUp.cancel,
  };
}

/** A BFF call tells whether the user's agent session is registered there: the status bar shows it. */
function noteSession(store: TuiStore, action: ActionDefinition | undefined, call: ActionCall | undefined): void {
  if (!action || !call || action.auth !== "bff") return;
  const where: keyof TuiState["agentSessions"] | undefined =
    action.service === "storefront" ? "storefront" : action.service === "host" ? "host" : undefined;
  if (!where) return;
  const registered = call.response.status < 400 ? true : isNoSession(call) ? false : undefined;
  if (registered !== undefined)
    store.update((state) => ({ agentSessions: { ...state.agentSessions, [where]: registered } }));
}

export function isNoSession(call: ActionCall | undefined): boolean {
  return (call?.response.body as { code?: unknown } | undefined)?.code === "no_active_session";
}
