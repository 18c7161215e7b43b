import type { H3Event } from "h3";
import { bearerToken } from "../auth/bearer.ts";
import { sameSecret } from "../auth/secrets.ts";
import type { Guard, SecurityScheme } from "../contracts/route-contract.ts";
import { STORAGE_TEXTS } from "../contracts/storage-errors.ts";
import { failWith } from "../errors.ts";
import { UUID_PATTERN } from "../users.ts";
import { BFF_TEXTS } from "./errors.ts";
import type { SessionStore } from "./sessions/session-store.ts";

/** The agent's one static secret, as `Authorization: Bearer`. */
export const SERVICE_TOKEN: SecurityScheme = {
  name: "agentServiceToken",
  scheme: () => ({
    type: "http",
    scheme: "bearer",
    description: "The agent's service token (BFF_SERVICE_TOKEN): one static secret, whoever the user",
  }),
};

/** Whom the agent acts for. */
export const END_USER: SecurityScheme = {
  name: "endUserId",
  scheme: () => ({
    type: "apiKey",
    in: "header",
    name: "X-End-User-Id",
    description:
      "The user the agent acts for: the user's UUID (the sub of their JWT), whose app registered a session with POST /api/agent/session",
  }),
};

/** sessionTokenFor: the service token and X-End-User-Id of a user with a session (kept in the session store, which may be Redis). */
export const AGENT: Guard = {
  alternatives: [[SERVICE_TOKEN, END_USER]],
  errors: [
    BFF_TEXTS.invalidServiceToken,
    BFF_TEXTS.missingEndUser,
    BFF_TEXTS.noActiveSession,
    STORAGE_TEXTS.redisSilent,
  ],
};

export interface BffDeps {
  /** BFF_SERVICE_TOKEN: the one static secret of the agent. */
  serviceToken: string;
  sessions: SessionStore;
}

/**
 * The checks of every BFF route, in the real service's order: the agent's service token (compared
 * in constant time), then X-End-User-Id, then that user's session. Answers the stored JWT.
 */
export async function sessionTokenFor(event: H3Event, deps: BffDeps): Promise<string> {
  if (!sameSecret(bearerToken(event) ?? "", deps.serviceToken)) {
    failWith(BFF_TEXTS.invalidServiceToken, { headers: { "www-authenticate": 'Bearer realm="agent"' } });
  }
  const userId = event.req.headers.get("x-end-user-id")?.trim();
  if (!userId) failWith(BFF_TEXTS.missingEndUser);
  const session = await deps.sessions.get(userId);
  if (!session) {
    // The answer stays the real service's; only an id that cannot be a user id gets a hint.
    const hint = UUID_PATTERN.test(userId)
      ? undefined
      : `X-End-User-Id must be the user's UUID (the JWT sub), not a chat or session id; got "${userId.slice(0, 80)}".`;
    failWith(BFF_TEXTS.noActiveSession, { hint });
  }
  return session.token;
}
