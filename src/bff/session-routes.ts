import type { H3 } from "h3";
import type { JwtIssuer } from "../auth/jwt.ts";
import { AUTH_TEXTS, failAuth } from "../contracts/auth-errors.ts";
import { TOKEN_ERRORS } from "../contracts/guards.ts";
import { defineRoute, json } from "../contracts/route-contract.ts";
import { STORAGE_TEXTS } from "../contracts/storage-errors.ts";
import { failWith } from "../errors.ts";
import { readBody } from "../http/request-input.ts";
import { NON_BLANK } from "../json-schema.ts";
import { AGENT_TAG } from "./agent-route.ts";
import { BFF_TEXTS } from "./errors.ts";
import type { SessionStore } from "./sessions/session-store.ts";

const USER_ID = {
  ...NON_BLANK,
  description: "The user's UUID: the sub of the token",
  examples: ["0b6f3a5e-6c1d-4f47-9a2b-3c4d5e6f7a81"],
};
/** Where a session is written: memory, a file of the data dir, or Redis; the last two may refuse. */
const STORE_ERRORS = [STORAGE_TEXTS.writeRefused, STORAGE_TEXTS.redisSilent];

const REGISTER = defineRoute({
  description: "Register {userId, token}: the user's JWT, for the agent routes",
  details:
    "What the user's app calls after login, so that the agent may act for the user. What the schema cannot say, since it depends on the token: `token` must be an unexpired login JWT of the service the agent acts on, the storefront's on the storefront and the wallet's on the host app, which fronts it (401 `invalid_token` or `token_expired` otherwise), and its user (sub) must be `userId` (403 `user_mismatch` otherwise). A second registration of the user replaces the first.",
  operationId: "registerAgentSession",
  tag: AGENT_TAG,
  body: {
    description: "The user's id and the JWT their app got at login; no service token: the JWT is the proof",
    schema: {
      type: "object",
      required: ["userId", "token"],
      properties: {
        userId: USER_ID,
        token: {
          ...NON_BLANK,
          description: "The user's login JWT: the storefront's on the storefront, the wallet's on the host app",
        },
      },
    },
  },
  responses: {
    200: json("Registered: the agent may act for the user until the token expires", {
      title: "SessionRegistered",
      type: "object",
      required: ["status", "userId", "expiresAt"],
      properties: {
        status: { type: "string", const: "registered" },
        userId: { type: "string" },
        expiresAt: {
          type: "string",
          description: "When the token expires (ISO 8601)",
          examples: ["2026-11-20T09:30:00.000Z"],
        },
      },
    }),
  },
  errors: [...TOKEN_ERRORS, BFF_TEXTS.userMismatch, ...STORE_ERRORS],
});

const CLEAR = defineRoute({
  description: "Clear {userId}'s session (logout)",
  details:
    "What the user's app calls at logout: the agent may no longer act for the user (401 `no_active_session`). Clearing a session that is not there answers the same.",
  operationId: "clearAgentSession",
  tag: AGENT_TAG,
  body: {
    description: "Whose session to clear; clearing one that is not there is fine",
    schema: { type: "object", required: ["userId"], properties: { userId: USER_ID } },
  },
  responses: {
    200: json("Cleared (or there was none)", {
      title: "SessionCleared",
      type: "object",
      required: ["status", "userId"],
      properties: { status: { type: "string", const: "cleared" }, userId: { type: "string" } },
    }),
  },
  errors: STORE_ERRORS,
});

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
      const body = await readBody(event, REGISTER);
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
    { meta: REGISTER },
  );

  app.delete(
    "/api/agent/session",
    async (event) => {
      const userId = (await readBody(event, CLEAR)).field("userId");
      await deps.sessions.delete(userId);
      return { status: "cleared", userId };
    },
    { meta: CLEAR },
  );
}
