import { Box, Text, useInput } from "ink";
import { useEffect, useState } from "react";
import { SIGN_IN_FIRST } from "../client/agent-target.ts";
import { jsonLines } from "../components/JsonView.tsx";
import { RequestLine } from "../components/Pending.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useServices } from "../context.tsx";
import { useActionForm } from "../hooks/use-action-form.ts";
import { useAgentActions } from "../hooks/use-agent-actions.ts";
import { useAgentRun } from "../hooks/use-agent-run.ts";
import { useFieldFocus } from "../hooks/use-field-focus.ts";
import { useScrollOffset } from "../hooks/use-scroll-offset.ts";
import { useStoreState } from "../state/store.ts";
import { ActionForm, FORM_ROWS } from "./agent/ActionForm.tsx";
import { AgentResult, RESULT_FIXED_ROWS } from "./agent/AgentResult.tsx";
import { ASK_ROWS, AskLine } from "./agent/AskLine.tsx";
import type { ScreenProps } from "./index.ts";

export const AGENT_KEYS = [
  { key: "a", help: "type a question; Enter asks (a follow-up is answered in the same field)" },
  { key: "l", help: "pick an action (↑↓ Enter) and fill its parameters" },
  { key: "←→", help: "cycle an enum or boolean parameter; Enter types a value; c calls" },
  { key: "PgUp PgDn", help: "scroll the response" },
  { key: "Esc", help: "cancel the follow-up question; back to the action list" },
] as const;

type Mode = "ask" | "actions";

/** The agent: a question resolved as `sandbox agent ask` does, or an action called with a form; what it sent and got back. */
export function AgentScreen({ active, height }: ScreenProps) {
  const { store } = useServices();
  const user = useStoreState(store, (state) => state.logins.storefront?.user ?? state.logins.wallet?.user);
  const loaded = useAgentActions();
  const actions = loaded.data ?? [];
  const agent = useAgentRun(actions);
  const fields = useFieldFocus<"question" | "param">(active);
  const [mode, setMode] = useState<Mode>("ask");
  const [question, setQuestion] = useState("");
  const form = useActionForm(actions, { active: active && mode === "actions" && !fields.focused, editField: () => fields.focus("param"), onCall: (action, parameters) => void agent.call(action, parameters) });

  // The follow-up is answered in the question's field: it gets the keyboard as the question comes
  // (the field is drawn focused from that first frame on, so no key typed at once is lost).
  useEffect(() => {
    if (agent.followUp) fields.focus("question");
  }, [agent.followUp]);
  useInput((input) => {
    if (input === "a") {
      setMode("ask");
      fields.focus("question");
    }
    if (input === "l") setMode("actions");
  }, { isActive: active && !fields.focused });
  useInput((_input, key) => {
    if (key.escape) agent.cancel();
  }, { isActive: active && agent.followUp !== undefined });

  const submitQuestion = (text: string) => {
    if (text.trim() === "") return;
    fields.blur();
    if (agent.followUp) return agent.answerFollowUp(text);
    setQuestion(text);
    void agent.ask(text);
  };

  const modeRows = mode === "ask" ? ASK_ROWS : FORM_ROWS;
  const jsonHeight = Math.max(2, height - modeRows - RESULT_FIXED_ROWS - 4);
  const offset = useScrollOffset({ active: active && (mode === "ask" || form.picked !== undefined), lines: jsonLines(agent.data?.call?.response.body).length, page: jsonHeight, content: agent.data });

  return (
    <Box flexDirection="column" paddingX={1}>
      <Text wrap="truncate-end">
        <Text inverse={mode === "ask"}> a Ask </Text> <Text inverse={mode === "actions"}> l Actions </Text>{"  "}
        {user ? <Tinted tone="muted">acting for {user.name} ({user.email})</Tinted> : <Tinted tone="error">Not signed in: {SIGN_IN_FIRST}</Tinted>}
      </Text>
      {mode === "ask" ? (
        <AskLine focused={fields.focused === "question" || (active && agent.followUp !== undefined)} followUp={agent.followUp} question={question} last={agent.data} onSubmit={submitQuestion} />
      ) : loaded.status === "error" ? (
        <Box height={FORM_ROWS}><RequestLine state={loaded} pending="Reading the actions…" /></Box>
      ) : (
        <ActionForm actions={actions} cursor={form.list.index} picked={form.picked} fields={form.fields} values={form.values} row={form.row} focused={active && !fields.focused} editing={fields.focused === "param"} onText={(text) => {
          fields.blur();
          form.setText(text);
        }} />
      )}
      <RequestLine state={agent} pending={agent.followUp ? "Waiting for your answer…" : "The agent is working…"} />
      <AgentResult run={agent.data} jsonHeight={jsonHeight} offset={offset} />
    </Box>
  );
}
