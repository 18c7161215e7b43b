import { useCallback, useEffect } from "react";
import { SERVICE_LABELS } from "../../service-names.ts";
import {
  changeSession,
  type Exchange,
  LOGIN_FOR_SESSION,
  type SessionChange,
  type SessionService,
  sessionStateFrom,
  tryAgentCall,
} from "../client/agent-sessions.ts";
import { useServices } from "../context.tsx";
import { useStoreState } from "../state/store.ts";
import { useRequest } from "./use-request.ts";

/** What one service said last: the session change (when one was asked) and then the agent's call. */
export interface SessionReport {
  change?: Exchange;
  probe: Exchange;
}

/**
 * One service's agent session: register or clear it with the user's login token, then try the
 * BFF route as the agent would, and keep the status bar's "agent sessions" in step with the answer.
 */
export function useAgentSession(service: SessionService, active: boolean) {
  const { client, settings, store } = useServices();
  const login = useStoreState(store, (state) => state.logins[LOGIN_FOR_SESSION[service]]);
  const request = useRequest<SessionReport>();
  const { run, reset } = request;
  const userId = login?.user.id;
  // Another user (or none): what was shown was about the one before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: userId is what the reset follows, not something it reads
  useEffect(() => reset(), [userId, reset]);

  const act = useCallback(
    (change?: SessionChange) => {
      if (!login) return;
      void run(async (signal) => {
        const changed = change ? await changeSession(client, service, change, login, signal) : undefined;
        const probe = await tryAgentCall(client, service, settings.serviceToken, login.user.id, signal);
        const registered = sessionStateFrom(change, changed, probe);
        store.update((state) => ({ agentSessions: { ...state.agentSessions, [service]: registered } }));
        const failed =
          changed && !changed.ok ? changed : !probe.ok && probe.code !== "no_active_session" ? probe : undefined;
        if (failed) store.reportError(`${SERVICE_LABELS[service]}: ${failed.answer}`);
        return { change: changed, probe };
      });
    },
    [client, settings.serviceToken, store, service, login, run],
  );

  // Shown for the first time (or for a new user): find out where the session stands, without changing it.
  const unknown = request.status === "idle" && login !== undefined;
  useEffect(() => {
    if (active && unknown) act();
  }, [active, unknown, act]);

  // Whether the service this session's login comes from was given to the UI at all.
  return { ...request, login, act, loginUrlGiven: Boolean(settings.urls[LOGIN_FOR_SESSION[service]]) };
}
