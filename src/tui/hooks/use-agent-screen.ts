import { useInput } from "ink";
import { useEffect, useState } from "react";
import { useServices } from "../context.tsx";
import { useStoreState } from "../state/store.ts";
import { useActionForm } from "./use-action-form.ts";
import { useAgentActions } from "./use-agent-actions.ts";
import { useAgentRun } from "./use-agent-run.ts";
import { useFieldFocus } from "./use-field-focus.ts";

export type AgentMode = "ask" | "actions";

/**
 * The agent screen's state: who it acts for, the mode (a question, or an action and its form),
 * the text fields, and the agent's last run. a asks, l lists the actions.
 */
export function useAgentScreen(active: boolean) {
  const { store } = useServices();
  const user = useStoreState(store, (state) => state.logins.storefront?.user ?? state.logins.wallet?.user);
  const loaded = useAgentActions();
  const actions = loaded.data ?? [];
  const agent = useAgentRun(actions);
  const fields = useFieldFocus<"question" | "param">(active);
  const [mode, setMode] = useState<AgentMode>("ask");
  const [question, setQuestion] = useState("");
  const form = useActionForm(actions, {
    active: active && mode === "actions" && !fields.focused,
    editField: () => fields.focus("param"),
    onCall: (action, parameters) => void agent.call(action, parameters),
  });

  // The follow-up is answered in the question's field: it gets the keyboard as the question comes
  // (the screen draws the field focused from that first frame on, so no key typed at once is lost).
  useEffect(() => {
    if (agent.followUp) fields.focus("question");
  }, [agent.followUp, fields.focus]);
  useInput(
    (input) => {
      if (input === "a") {
        setMode("ask");
        fields.focus("question");
      }
      if (input === "l") setMode("actions");
    },
    { isActive: active && !fields.focused },
  );
  useInput(
    (_input, key) => {
      if (key.escape) agent.cancelFollowUp();
    },
    { isActive: active && agent.followUp !== undefined },
  );

  // A question submitted before the actions are read (pasted as the screen opens) is asked once they are.
  const [queued, setQueued] = useState<string>();
  const actionsRead = loaded.status === "done" || loaded.status === "error";
  useEffect(() => {
    if (queued === undefined || !actionsRead) return;
    setQueued(undefined);
    void agent.ask(queued);
  }, [queued, actionsRead, agent.ask]);

  const submitQuestion = (text: string) => {
    if (text.trim() === "") return;
    fields.blur();
    if (agent.followUp) return agent.answerFollowUp(text);
    setQuestion(text);
    setQueued(text);
  };
  const submitParameter = (text: string) => {
    fields.blur();
    form.setText(text);
  };
  return { user, loaded, actions, agent, fields, mode, question, form, submitQuestion, submitParameter };
}
