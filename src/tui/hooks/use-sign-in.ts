import { useCallback } from "react";
import { type LoginOutcome, signInEverywhere } from "../client/auth.ts";
import { useServices } from "../context.tsx";
import { useRequest } from "./use-request.ts";

/** Signs in to the storefront and the wallet, keeping each login that worked for the other screens. */
export function useSignIn() {
  const { client, store } = useServices();
  const request = useRequest<LoginOutcome[]>();
  const signIn = useCallback(
    (email: string, password: string) =>
      request.run(async (signal) => {
        const outcomes = await signInEverywhere(client, email, password, signal);
        store.update((state) => {
          const logins = { ...state.logins };
          for (const outcome of outcomes) {
            if ("login" in outcome) logins[outcome.service] = outcome.login;
          }
          // A new user: the sessions registered for the one before are not theirs.
          const sameUser = Object.values(state.logins).every(
            (login) =>
              !login || outcomes.some((outcome) => "login" in outcome && outcome.login.user.id === login.user.id),
          );
          return { logins, agentSessions: sameUser ? state.agentSessions : {} };
        });
        const failed = outcomes.find((outcome) => "error" in outcome);
        store.reportError(failed && "error" in failed ? `${failed.service}: ${failed.error}` : undefined);
        return outcomes;
      }),
    [client, store, request.run],
  );
  const signOut = useCallback(() => {
    store.update(() => ({ logins: {}, agentSessions: {} }));
    request.reset();
  }, [store, request.reset]);
  return { ...request, signIn, signOut };
}
