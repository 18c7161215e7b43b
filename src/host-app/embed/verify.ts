import { HOST_TEXTS } from "../../contracts/host-app/errors.ts";
import { fillText } from "../../errors.ts";
import { type IdentityClaims, type InvalidCode, verifyIdentity } from "../../identity/index.ts";
import type { DemoUser } from "../../users.ts";

/** Why the embed refuses an identity: the token's own faults, and the two it has with the URL. */
export type RefusalCode = InvalidCode | "user_mismatch" | "missing_end_user";

/** Who the chat is for: a verified user, nobody (no identity given), or nobody because the identity was refused. */
export type EmbedIdentity =
  | { state: "verified"; user: DemoUser; claims: IdentityClaims }
  | { state: "anonymous" }
  | { state: "refused"; code: RefusalCode; reason: string };

export interface EmbedIdentityOptions {
  /** The SIGNING_SECRET. */
  secret: string;
  users: readonly DemoUser[];
  /** The sandbox clock's now, so that a moved clock expires tokens. */
  now: Date;
  /** The longest lifetime accepted, in seconds (identityMaxLifetime). */
  maxLifetimeSeconds: number;
}

/**
 * The embed's check of its `identity` and `endUser`: no identity (absent or empty) is an
 * anonymous chat; otherwise the token must verify (HS256 with the signing secret, exp in the
 * future, sub a demo user) and its sub must be the endUser. `requireEndUser` is the page's rule
 * (its URL always names the user); the ask route may leave endUser out and acts for sub.
 */
export async function checkEmbedIdentity(
  given: { identity?: string; endUser?: string },
  options: EmbedIdentityOptions & { requireEndUser: boolean },
): Promise<EmbedIdentity> {
  const identity = given.identity?.trim();
  if (!identity) return { state: "anonymous" };
  const check = await verifyIdentity(identity, options);
  if (!check.valid) return { state: "refused", code: check.code, reason: check.reason };
  const endUser = given.endUser?.trim() ?? "";
  if (endUser === "" && options.requireEndUser) {
    return {
      state: "refused",
      code: "missing_end_user",
      reason: "missing endUser: the URL names no end user for the identity token to confirm",
    };
  }
  if (endUser !== "" && endUser.toLowerCase() !== check.claims.sub.toLowerCase()) {
    return {
      state: "refused",
      code: "user_mismatch",
      reason: `the identity token is for another user than endUser (sub ≠ endUser): it names ${check.user.name}, the URL ${JSON.stringify(endUser.slice(0, 80))}`,
    };
  }
  return { state: "verified", user: check.user, claims: check.claims };
}

/** The refusal in one sentence, for the page and the ask route's error: never the token itself. */
export function refusalMessage(refusal: { reason: string }): string {
  return fillText(HOST_TEXTS.identityRefused.text, { reason: refusal.reason });
}
