import { useInput } from "ink";
import { decodeProtectedHeader, type ProtectedHeaderParameters } from "jose";
import { useEffect, useState } from "react";
import {
  type IdentityCheck,
  IdentityError,
  parseClaimPairs,
  parseTtl,
  type SignedIdentity,
  signIdentity,
  verifyIdentity,
} from "../../identity/index.ts";
import { useServices } from "../context.tsx";
import { type SignedInUser, useStoreState } from "../state/store.ts";
import { useFieldFocus } from "./use-field-focus.ts";
import { useNow } from "./use-now.ts";
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
    setChosen((before) => {
      const from = before ?? users.findIndex((user) => user.id === signedIn?.id);
      // From no one (-1), → gives the first user and ← the last.
      return from === -1 ? (by === 1 ? 0 : users.length - 1) : (from + by + users.length) % users.length;
    });
  };
  // Cycling back to the signed-in user (←/→) names them so again.
  return { subject, isSignedInUser: subject !== undefined && subject.id === signedIn?.id, step };
}

/** Signs a token for the subject with the TTL and claims typed, again whenever one of them changes or `resign` is called. */
export function useSignedIdentity(subjectId: string | undefined, ttlText: string, claimsText: string) {
  const { settings, timers } = useServices();
  const request = useRequest<SignedToken>();
  const [round, setRound] = useState(0);
  const { run, reset } = request;
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is not read: a new round (resign) asks for a new signature
  useEffect(() => {
    if (subjectId === undefined) return reset();
    void run(async () => {
      const ttlSeconds = parseTtl(ttlText, "The TTL");
      const claims = inUiTerms(() => parseClaimPairs(claimsText.split(/\s+/).filter((pair) => pair !== "")));
      // Signed on the UI's time, which its countdown reads.
      const now = new Date(timers.now());
      const signed = await signIdentity({
        secret: settings.signingSecret,
        subject: subjectId,
        ttlSeconds,
        maxLifetimeSeconds: settings.identityMaxLifetimeSeconds,
        claims,
        now,
      });
      return { ...signed, header: decodeProtectedHeader(signed.token) };
    });
  }, [
    subjectId,
    ttlText,
    claimsText,
    round,
    settings.signingSecret,
    settings.identityMaxLifetimeSeconds,
    timers,
    run,
    reset,
  ]);
  return { ...request, resign: () => setRound((before) => before + 1) };
}

/** The claims parser speaks of the CLI's --claim flag; the screen's field is "Claims". */
function inUiTerms<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    throw new IdentityError(
      error.message
        .replace(
          /--claim takes key=value \(such as --claim role=admin\)/,
          "Claims are name=value pairs, space-separated (such as role=admin)",
        )
        .replace(/--claim (\S+) is given twice/, "The claim $1 is given twice"),
    );
  }
}

/** Checks a pasted token as the embed would: with this sandbox's SIGNING_SECRET and its demo users. */
export function useVerifyIdentity() {
  const { settings, timers } = useServices();
  const request = useRequest<IdentityCheck>();
  // Enter on an empty field: nothing to check, which is not a malformed token.
  const [empty, setEmpty] = useState(false);
  const verify = (pasted: string) => {
    const token = pasted.trim();
    setEmpty(token === "");
    if (token === "") return request.reset();
    void request.run(() =>
      verifyIdentity(token, {
        secret: settings.signingSecret,
        users: settings.users,
        now: new Date(timers.now()),
        maxLifetimeSeconds: settings.identityMaxLifetimeSeconds,
      }),
    );
  };
  return { ...request, verify, empty };
}

export type IdentityView = "decoded" | "urls" | "verify";

/** The Identity screen's views, each on a key. */
export const IDENTITY_VIEWS: readonly { view: IdentityView; key: string; label: string }[] = [
  { view: "decoded", key: "d", label: "decoded" },
  { view: "urls", key: "e", label: "embed URLs" },
  { view: "verify", key: "v", label: "verify a token" },
];

export type IdentityScreenState = ReturnType<typeof useIdentityScreen>;

/** Everything the Identity screen shows and its keys: who, the TTL and claims, the signed token, the check of a pasted one, the clock. */
export function useIdentityScreen(active: boolean) {
  const { subject, isSignedInUser, step } = useIdentitySubject();
  const fields = useFieldFocus<"ttl" | "claims" | "token">(active);
  const [ttl, setTtl] = useState("10m");
  const [claims, setClaims] = useState("");
  const [view, setView] = useState<IdentityView>("decoded");
  const signed = useSignedIdentity(subject?.id, ttl, claims);
  const verify = useVerifyIdentity();
  const now = useNow(active && (signed.data !== undefined || verify.data?.valid === true));

  useInput(
    (input, key) => {
      if (key.leftArrow || key.rightArrow) step(key.leftArrow ? -1 : 1);
      else if (input === "t") fields.focus("ttl");
      else if (input === "c") fields.focus("claims");
      else if (input === "r") signed.resign();
      else if (input === "v") {
        setView("verify");
        fields.focus("token");
      } else {
        const picked = IDENTITY_VIEWS.find((entry) => entry.key === input);
        if (picked) setView(picked.view);
      }
    },
    { isActive: active && !fields.focused },
  );

  return { subject, isSignedInUser, fields, ttl, setTtl, claims, setClaims, view, signed, verify, now };
}
