import { decodeProtectedHeader, type ProtectedHeaderParameters } from "jose";
import { useEffect, useState } from "react";
import { parseClaimPairs, parseTtl, signIdentity, verifyIdentity, type IdentityCheck, type SignedIdentity } from "../../identity/index.ts";
import { useServices } from "../context.tsx";
import { useStoreState, type SignedInUser } from "../state/store.ts";
import { useRequest } from "./use-request.ts";

/** A token signed for the screen, with its header decoded. */
export interface SignedToken extends SignedIdentity {
  header: ProtectedHeaderParameters;
}

/**
 * Who the identity token is for: a demo user chosen with ←/→, else the signed-in user (either
 * login: both name the same person). `step` moves the choice through the demo users, wrapping.
 */
export function useIdentitySubject() {
  const { settings, store } = useServices();
  const signedIn = useStoreState(store, (state) => (state.logins.storefront ?? state.logins.wallet)?.user);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const users = settings.users;
  const subject: SignedInUser | undefined = chosen !== undefined ? users[chosen] : signedIn;
  const step = (by: 1 | -1) => {
    if (users.length === 0) return;
    const from = chosen ?? users.findIndex((user) => user.id === signedIn?.id);
    // From no one (-1), → gives the first user and ← the last.
    setChosen(from === -1 ? (by === 1 ? 0 : users.length - 1) : (from + by + users.length) % users.length);
  };
  return { subject, isSignedInUser: chosen === undefined && subject !== undefined, step };
}

/** Signs a token for the subject with the TTL and claims typed, again whenever one of them changes or `resign` is called. */
export function useSignedIdentity(subjectId: string | undefined, ttlText: string, claimsText: string) {
  const { settings } = useServices();
  const request = useRequest<SignedToken>();
  const [round, setRound] = useState(0);
  const { run, reset } = request;
  useEffect(() => {
    if (subjectId === undefined) return reset();
    void run(async () => {
      const ttlSeconds = parseTtl(ttlText, "The TTL");
      const claims = parseClaimPairs(claimsText.split(/\s+/).filter((pair) => pair !== ""));
      const signed = await signIdentity({ secret: settings.signingSecret, subject: subjectId, ttlSeconds, claims });
      return { ...signed, header: decodeProtectedHeader(signed.token) };
    });
  }, [subjectId, ttlText, claimsText, round, settings.signingSecret, run, reset]);
  return { ...request, resign: () => setRound((before) => before + 1) };
}

/** Checks a pasted token as the embed would: with this sandbox's SIGNING_SECRET and its demo users. */
export function useVerifyIdentity() {
  const { settings } = useServices();
  const request = useRequest<IdentityCheck>();
  const verify = (token: string) => void request.run(() => verifyIdentity(token.trim(), { secret: settings.signingSecret, users: settings.users }));
  return { ...request, verify };
}
