import type { H3 } from "h3";
import type { JwtIssuer } from "../auth/jwt.ts";
import { failAuth } from "../auth/errors.ts";
import { requireString } from "../http/fields.ts";
import { readJsonObject } from "../http/json-body.ts";
import { failBff } from "./errors.ts";
import type { SessionStore } from "./sessions/session-store.ts";

/**
 * POST /api/agent/session {userId, token}: the app registers the user's JWT after login (no
 * service token: the JWT itself is the proof). DELETE {userId} clears it on logout, idempotently.
 */
export function addSessionRoutes(app: H3, deps: { issuer: JwtIssuer; sessions: SessionStore; knownUser?: (userId: string) => boolean }): void {
  app.post("/api/agent/session", async (event) => {
    const body = await readJsonObject(event);
    const userId = requireString(body, "userId");
    const token = requireString(body, "token");
    const verified = await deps.issuer.verify(token);
    if (!verified.ok) failAuth(verified.reason === "expired" ? "token_expired" : "invalid_token", verified.message);
    if (deps.knownUser && !deps.knownUser(verified.userId)) failAuth("invalid_token", "The token's user (sub) is not a user of this service");
    if (verified.userId !== userId) {
      failBff("user_mismatch", `The token belongs to user ${verified.userId}, not to userId ${userId}`, { details: { field: "userId" } });
    }
    const expiresAt = verified.expiresAt * 1000;
    await deps.sessions.set(userId, { token, expiresAt });
    return { status: "registered", userId, expiresAt: new Date(expiresAt).toISOString() };
  }, { meta: { description: "Register {userId, token}: the user's JWT, for the agent routes" } });

  app.delete("/api/agent/session", async (event) => {
    const userId = requireString(await readJsonObject(event), "userId");
    await deps.sessions.delete(userId);
    return { status: "cleared", userId };
  }, { meta: { description: "Clear {userId}'s session (logout)" } });
}
