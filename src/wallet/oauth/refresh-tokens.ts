import { randomBytes, randomUUID } from "node:crypto";
import type { Draft } from "immer";
import { digest } from "../../auth/secrets.ts";
import { OAUTH_TEXTS } from "../../contracts/wallet/oauth-errors.ts";
import type { ErrorText } from "../../errors.ts";
import type { WalletData } from "../model.ts";

export const REFRESH_TOKEN_LIFETIME_MS = 30 * 86_400_000;

export interface RefreshGrant {
  clientId: string;
  userId: string;
  scope: string;
}

/** Issues a refresh token in a family (a new family for a new sign-in). Runs inside a store change. */
export function issueRefreshToken(
  draft: Draft<WalletData>,
  grant: RefreshGrant,
  now: Date,
  familyId: string = randomUUID(),
): { token: string; familyId: string } {
  const token = randomBytes(32).toString("base64url");
  draft.refreshTokens = draft.refreshTokens.filter((stored) => Date.parse(stored.expiresAt) > now.getTime());
  draft.refreshTokens.push({
    hash: digest(token),
    familyId,
    ...grant,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
  });
  return { token, familyId };
}

export type RotationResult =
  | { ok: true; token: string; grant: RefreshGrant }
  | { ok: false; refusal: ErrorText; values?: Record<string, string> };

/**
 * Rotation: a refresh token works once and is replaced by the next of its family. A token
 * presented again after its use means it leaked: the whole family is revoked (RFC 9700 §4.14).
 */
export function rotateRefreshToken(
  draft: Draft<WalletData>,
  token: string,
  clientId: string,
  now: Date,
  requestedScope?: string,
): RotationResult {
  const refused = (refusal: ErrorText, values?: Record<string, string>) => ({ ok: false as const, refusal, values });
  const stored = draft.refreshTokens.find((candidate) => candidate.hash === digest(token));
  if (!stored || Date.parse(stored.expiresAt) <= now.getTime()) return refused(OAUTH_TEXTS.refreshUnknown);
  if (stored.clientId !== clientId) return refused(OAUTH_TEXTS.refreshOtherClient);
  if (stored.revokedAt) return refused(OAUTH_TEXTS.refreshRevoked);
  if (stored.usedAt) {
    revokeFamily(draft, stored.familyId, now);
    return refused(OAUTH_TEXTS.refreshReused);
  }
  // Checked before the token is used up: a refused request must leave it working.
  const scope = requestedScope?.trim() || stored.scope;
  if (scope.split(" ").some((name) => !stored.scope.split(" ").includes(name))) {
    return refused(OAUTH_TEXTS.refreshScope, { scope: stored.scope });
  }
  stored.usedAt = now.toISOString();
  const grant = { clientId: stored.clientId, userId: stored.userId, scope };
  return { ok: true, token: issueRefreshToken(draft, grant, now, stored.familyId).token, grant };
}

export function revokeFamily(draft: Draft<WalletData>, familyId: string, now: Date): void {
  for (const stored of draft.refreshTokens) if (stored.familyId === familyId) stored.revokedAt ??= now.toISOString();
}
