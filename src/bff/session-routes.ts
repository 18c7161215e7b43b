import type { H3 } from "h3";
import type { JwtIssuer } from "../auth/jwt.ts";
import { CLEAR_SESSION, REGISTER_SESSION } from "../contracts/agent-sessions.ts";
import { AUTH_TEXTS, failAuth } from "../contracts/auth-errors.ts";
import { BFF_TEXTS } from "../contracts/bff-errors.ts";
import { failWith } from "../errors.ts";
import { readBody } from "../http/request-input.ts";
import type { SessionStore } from "./sessions/session-store.ts";

/**
 * POST /api/agent/session {userId, token}: the app registers the user's JWT after login (no
 * service token: the JWT itself is the proof). DELETE {userId} clears it on logout, idempotently.
 */
export function addSessionRoutes(
  app: H3,
  deps: { issuer: JwtIssuer; sessions: SessionStore; knownUser?: (userId: string) => boolean },
): void {
  app.post(
    "/api/agent/session",
    async (event) => {
      const body = await readBody(event, REGISTER_SESSION);
      const userId = body.field("userId");
      const token = body.field("token");
      const verified = await deps.issuer.verify(token);
      if (!verified.ok) failAuth(verified.reason === "expired" ? "token_expired" : "invalid_token", verified.message);
      if (deps.knownUser && !deps.knownUser(verified.userId)) failWith(AUTH_TEXTS.unknownUser);
      if (verified.userId !== userId)
        failWith(BFF_TEXTS.userMismatch, {
          values: { tokenUser: verified.userId, userId },
          details: { field: "userId" },
        });
      const expiresAt = verified.expiresAt * 1000;
      await deps.sessions.set(userId, { token, expiresAt });
      return { status: "registered", userId, expiresAt: new Date(expiresAt).toISOString() };
    },
    { meta: REGISTER_SESSION },
  );

  app.delete(
    "/api/agent/session",
    async (event) => {
      const userId = (await readBody(event, CLEAR_SESSION)).field("userId");
      await deps.sessions.delete(userId);
      return { status: "cleared", userId };
    },
    { meta: CLEAR_SESSION },
  );
}
