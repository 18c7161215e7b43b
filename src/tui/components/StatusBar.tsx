import { Box, Text } from "ink";
import { SERVICE_LABELS, SERVICE_NAMES } from "../../service-names.ts";
import { useServices } from "../context.tsx";
import { type TuiState, useStoreState } from "../state/store.ts";
import { Tinted } from "./Tinted.tsx";

/** Always at the bottom: which servers answer, who is signed in where, the agent sessions, and the last error. */
export function StatusBar() {
  const { client, store } = useServices();
  const state = useStoreState(store, (current) => current);
  const session = (registered?: boolean) =>
    registered === undefined ? (
      <Tinted tone="muted">?</Tinted>
    ) : registered ? (
      <Tinted tone="success">on</Tinted>
    ) : (
      <Tinted tone="muted">off</Tinted>
    );
  return (
    <Box
      flexDirection="column"
      borderStyle="single"
      borderTop
      borderBottom={false}
      borderLeft={false}
      borderRight={false}
    >
      <Text wrap="truncate-end">
        {SERVICE_NAMES.filter((name) => client.urls[name]).map((name) => {
          const health = state.health[name];
          return (
            <Text key={name}>
              <Tinted tone={health === "up" ? "success" : health === "down" ? "error" : "pending"}>
                {health === "up" ? "●" : health === "down" ? "✗" : "…"}
              </Tinted>{" "}
              {SERVICE_LABELS[name]}
              {"  "}
            </Text>
          );
        })}
        <Text>
          sessions: {session(state.agentSessions.storefront)}/{session(state.agentSessions.host)}
          {"  "}
        </Text>
        <Text>{signedIn(state.logins)}</Text>
      </Text>
      <Text wrap="truncate-end">
        {state.lastError ? (
          <Tinted tone="error">Last error: {state.lastError}</Tinted>
        ) : (
          <Tinted tone="muted">
            {state.editing ? "Typing in a field: Esc leaves it" : "0–8 screens · ? help · q quit"}
          </Tinted>
        )}
      </Text>
    </Box>
  );
}

/** Who is signed in: once when it is the same person on both (the usual case, and it fits 80 columns), else each. */
function signedIn(logins: TuiState["logins"]): string {
  const [storefront, wallet] = [logins.storefront?.user.email, logins.wallet?.user.email];
  if (storefront && storefront === wallet) return `user: ${storefront}`;
  return `storefront: ${storefront ?? "—"}  wallet: ${wallet ?? "—"}`;
}
