import { Box, Text } from "ink";
import { SIGN_IN_FIRST } from "../client/agent-target.ts";
import { jsonLines } from "../components/JsonView.tsx";
import { RequestLine } from "../components/Pending.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useAgentScreen } from "../hooks/use-agent-screen.ts";
import { useScroll } from "../hooks/use-scroll.ts";
import { ActionForm, FORM_ROWS } from "./agent/ActionForm.tsx";
import { AgentResult, answerLines, RESULT_FIXED_ROWS } from "./agent/AgentResult.tsx";
import { ASK_ROWS, AskLine } from "./agent/AskLine.tsx";
import type { ScreenProps } from "./index.ts";

export const AGENT_KEYS = [
  { key: "a", help: "type a question; Enter asks (a follow-up is answered in the same field)" },
  { key: "l", help: "pick an action (↑↓ Enter) and fill its parameters" },
  { key: "←→", help: "cycle an enum or boolean parameter; Enter types a value; c calls" },
  { key: "PgUp PgDn", help: "scroll the response" },
  { key: "Esc", help: "cancel the follow-up question; back to the action list" },
] as const;

/** The agent: a question resolved as `sandbox agent ask` does, or an action called with a form; what it sent and got back. */
export function AgentScreen({ active, width, height }: ScreenProps) {
  const { user, loaded, actions, agent, fields, mode, question, form, submitQuestion, submitParameter } =
    useAgentScreen(active);
  // The answer in full, however many lines it takes; the JSON view gets what is left.
  const answer = answerLines(agent.data, width - 2);
  // Header, the mode's rows, the spinner line, the result's fixed rows, the answer and the JSON view's range line.
  const jsonHeight = Math.max(
    2,
    height - (mode === "ask" ? ASK_ROWS : FORM_ROWS) - RESULT_FIXED_ROWS - answer.length - 4,
  );
  const offset = useScroll(jsonLines(agent.data?.call?.response.body).length, jsonHeight, {
    active: active && (mode === "ask" || form.picked !== undefined),
    resetKey: agent.data,
    pagesOnly: true,
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text wrap="truncate-end">
        <Text inverse={mode === "ask"}> a Ask </Text> <Text inverse={mode === "actions"}> l Actions </Text>
        {"  "}
        {user ? (
          <Tinted tone="muted">
            acting for {user.name} ({user.email})
          </Tinted>
        ) : (
          <Tinted tone="error">Not signed in: {SIGN_IN_FIRST}</Tinted>
        )}
      </Text>
      {mode === "ask" ? (
        <AskLine
          focused={fields.focused === "question" || (active && agent.followUp !== undefined)}
          followUp={agent.followUp}
          question={question}
          last={agent.data}
          onSubmit={submitQuestion}
        />
      ) : loaded.status === "error" ? (
        <Box height={FORM_ROWS}>
          <RequestLine state={loaded} pending="Reading the actions…" />
        </Box>
      ) : (
        <ActionForm
          actions={actions}
          cursor={form.list.index}
          picked={form.picked}
          fields={form.fields}
          values={form.values}
          row={form.row}
          focused={active && !fields.focused}
          editing={fields.focused === "param"}
          onText={submitParameter}
        />
      )}
      <RequestLine state={agent} pending={agent.followUp ? "Waiting for your answer…" : "The agent is working…"} />
      <AgentResult run={agent.data} jsonHeight={jsonHeight} offset={offset} answer={answer} />
    </Box>
  );
}
