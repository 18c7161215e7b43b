import type { H3Event } from "h3";
import { bearerToken } from "../auth/bearer.ts";
import { sameSecret } from "../auth/secrets.ts";
import { BFF_TEXTS } from "../contracts/bff-errors.ts";
import { failWith } from "../errors.ts";
import { UUID_PATTERN } from "../users.ts";
import type { SessionStore } from "./sessions/session-store.ts";

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
