import { Box, Text, useInput } from "ink";
import { SERVICE_LABELS } from "../../service-names.ts";
import { AGENT_PROBE, type Exchange, LOGIN_FOR_SESSION, type SessionService } from "../client/agent-sessions.ts";
import { RequestLine } from "../components/Pending.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { useServices } from "../context.tsx";
import { useAgentSession } from "../hooks/use-agent-sessions.ts";
import { useStoreState } from "../state/store.ts";
import type { ScreenProps } from "./index.ts";

export const SESSIONS_KEYS = [
  { key: "r", help: "register the session on both (storefront and host app)" },
  { key: "x", help: "clear the session on both" },
  { key: "s", help: "storefront only: register, or clear when it is on" },
  { key: "h", help: "host app only: register, or clear when it is on" },
  { key: "t", help: "just try the agent calls again" },
] as const;

/** Register or clear the signed-in user's agent sessions, and see the agent's BFF calls work or fail. */
export function SessionsScreen({ active }: ScreenProps) {
  const { store } = useServices();
  const registered = useStoreState(store, (state) => state.agentSessions);
  const storefront = useAgentSession("storefront", active);
  const host = useAgentSession("host", active);
  const sessions = { storefront, host };

  useInput(
    (input) => {
      if (input === "r" || input === "x")
        for (const session of [storefront, host]) session.act(input === "r" ? "register" : "clear");
      if (input === "t") for (const session of [storefront, host]) session.act();
      const one = input === "s" ? "storefront" : input === "h" ? "host" : undefined;
      if (one) sessions[one].act(registered[one] ? "clear" : "register");
    },
    { isActive: active },
  );

  const user = storefront.login?.user ?? host.login?.user;
  if (!user)
    return (
      <Box paddingX={1} flexDirection="column">
        <Text bold>Agent sessions</Text>
        <Tinted tone="muted">Sign in first (key 1)</Tinted>
      </Box>
    );
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate-end">
        Agent sessions of {user.name} ({user.email})
      </Text>
      <Tinted tone="muted" wrap="truncate-end">
        r register both · x clear both · s/h one service · t try the agent calls
      </Tinted>
      <Tinted tone="muted" wrap="truncate-end">
        Agent: service token + X-End-User-Id {user.id}
      </Tinted>
      {(["storefront", "host"] as const).map((service) => (
        <ServiceSession key={service} service={service} registered={registered[service]} session={sessions[service]} />
      ))}
    </Box>
  );
}

function ServiceSession({
  service,
  registered,
  session,
}: {
  service: SessionService;
  registered?: boolean;
  session: ReturnType<typeof useAgentSession>;
}) {
  const label = SERVICE_LABELS[service];
  const heading = (
    <Text>
      <Text bold>{label.padEnd(11)}</Text>session:{" "}
      {registered === undefined ? (
        <Tinted tone="muted">unknown</Tinted>
      ) : registered ? (
        <Tinted tone="success">on</Tinted>
      ) : (
        <Tinted tone="muted">off</Tinted>
      )}
    </Text>
  );
  if (!session.login) {
    const loginService = LOGIN_FOR_SESSION[service];
    // Opened on explicit URLs without this one, no sign-in can help.
    const why = session.loginUrlGiven
      ? `Not signed in to the ${loginService}: sign in first (key 1)`
      : `No ${loginService} login: this UI was given no ${loginService} URL (--${loginService}-url)`;
    return (
      <Box marginTop={1} flexDirection="column">
        {heading}
        <Tinted tone="muted" wrap="truncate-end">
          {"  "}
          {why}
        </Tinted>
      </Box>
    );
  }
  return (
    <Box marginTop={1} flexDirection="column">
      {heading}
      <ExchangeLine exchange={session.data?.change} />
      <ExchangeLine exchange={session.data?.probe} placeholder={`GET ${AGENT_PROBE[service].path}`} />
      <RequestLine state={session} pending={`Asking the ${label}…`} />
    </Box>
  );
}

/** One request and its answer on one line; a blank line when there was none, so nothing jumps. */
function ExchangeLine({ exchange, placeholder }: { exchange?: Exchange; placeholder?: string }) {
  if (!exchange)
    return (
      <Tinted tone="muted" wrap="truncate-end">
        {"  "}
        {placeholder ?? " "}
      </Tinted>
    );
  return (
    <Text wrap="truncate-end">
      {"  "}
      {exchange.request.padEnd(27)}
      {exchange.ok ? (
        <Tinted tone="success">✓ {exchange.answer}</Tinted>
      ) : (
        <Tinted tone="error">✗ {exchange.answer}</Tinted>
      )}
    </Text>
  );
}
