import { Box, Text } from "ink";
import type { ActionCall } from "../../../agent/actions/call.ts";
import { JsonView } from "../../components/JsonView.tsx";
import { Tinted } from "../../components/Tinted.tsx";
import { wrapWords } from "../../components/wrap-words.ts";
import { type AgentRun, isNoSession } from "../../hooks/use-agent-run.ts";

/** Rows besides the response's JSON and the answer: action, request, headers, status. */
export const RESULT_FIXED_ROWS = 4;

/** What the agent did, top to bottom: the action and parameters, the request (secrets redacted), the response, the answer. */
export function AgentResult({
  run,
  jsonHeight,
  offset,
  answer,
}: {
  run?: AgentRun;
  jsonHeight: number;
  offset: number;
  answer: readonly string[];
}) {
  if (!run) return <Tinted tone="muted">No call yet: press a to ask a question, or l to pick an action.</Tinted>;
  const call = run.call;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>{"Action   "}</Text>
        {run.refused ? (
          <Tinted tone="muted">refused: no action serves this question</Tinted>
        ) : run.answered ? (
          <Tinted tone="muted">{`none: ${run.answered}`}</Tinted>
        ) : (
          `${run.action} ${JSON.stringify(run.parameters)}`
        )}
      </Text>
      <Text wrap="truncate-end">
        <Text bold>{"Request  "}</Text>
        {call ? `${call.request.method} ${call.request.url}` : <Tinted tone="muted">nothing was sent</Tinted>}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {"         "}
        {call ? requestDetails(call) : ""}
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Response </Text>
        {call ? (
          <Tinted tone={call.response.status < 400 ? "success" : "error"}>{call.response.status}</Tinted>
        ) : (
          <Tinted tone="muted">—</Tinted>
        )}
        {call ? <Tinted tone="muted">{"  (PgUp/PgDn scroll)"}</Tinted> : null}
      </Text>
      <Box height={jsonHeight + 1} flexDirection="column" overflow="hidden">
        {call ? <JsonView value={call.response.body} offset={offset} height={jsonHeight} /> : null}
      </Box>
      {answer.map((line, index) => (
        <Tinted key={index} tone={run.answered || (call && call.response.status < 400) ? "success" : "error"}>
          {line}
        </Tinted>
      ))}
    </Box>
  );
}

/** The headers as sent (the client already redacted the secrets) and the body, on one line. */
function requestDetails(call: ActionCall): string {
  const headers = Object.entries(call.request.headers)
    .filter(([name]) => name !== "accept")
    .map(([name, value]) => `${name}: ${value}`);
  return [...headers, ...(call.request.body !== undefined ? [`body ${JSON.stringify(call.request.body)}`] : [])].join(
    " · ",
  );
}

/** The one-line answer, as `sandbox agent ask` prints it ("= …"), wrapped in full to `width`; with no session registered, what to do about it. */
export function answerLines(run: AgentRun | undefined, width: number): string[] {
  if (!run) return [];
  return wrapWords(
    `= ${isNoSession(run.call) ? `${run.answer}. Press 4 to register the sessions.` : run.answer}`,
    width,
  );
}
