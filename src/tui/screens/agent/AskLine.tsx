import { TextInput } from "@inkjs/ui";
import { Box, Text } from "ink";
import { Tinted } from "../../components/Tinted.tsx";
import type { AgentRun } from "../../hooks/use-agent-run.ts";

export const ASK_ROWS = 2;

interface AskLineProps {
  /** The field has the keyboard. */
  focused: boolean;
  /** The follow-up question waiting for its answer. */
  followUp?: string;
  question: string;
  last?: AgentRun;
  onSubmit(text: string): void;
}

/** The question field; when the agent needs to know more, the same field takes the answer, the question under it. */
export function AskLine({ focused, followUp, question, last, onSubmit }: AskLineProps) {
  const asked = last?.followUp;
  return (
    <Box flexDirection="column" height={ASK_ROWS}>
      <Box gap={1}>
        <Text bold>{followUp ? "Answer:  " : "Question:"}</Text>
        <TextInput
          key={`${focused}-${followUp ?? ""}`}
          isDisabled={!focused}
          defaultValue={followUp || focused ? "" : question}
          placeholder={
            followUp
              ? "type the answer, Enter"
              : focused
                ? "type a question: Enter asks, Esc leaves the field"
                : "press a to type a question"
          }
          onSubmit={onSubmit}
        />
      </Box>
      {followUp ? (
        <Tinted tone="accent" wrap="truncate-end">
          ↳ {followUp} (Enter answers, Esc cancels)
        </Tinted>
      ) : asked ? (
        <Tinted tone="muted" wrap="truncate-end">
          ↳ {asked.question} {asked.answer !== undefined ? `→ ${asked.answer}` : "(not answered)"}
        </Tinted>
      ) : (
        <Tinted tone="muted"> </Tinted>
      )}
    </Box>
  );
}
