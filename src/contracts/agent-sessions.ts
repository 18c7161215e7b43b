import { NON_BLANK } from "../json-schema.ts";
import { BFF_TEXTS } from "./bff-errors.ts";
import { TOKEN_ERRORS } from "./guards.ts";
import { defineRoute, json } from "./route-contract.ts";
import { STORAGE_TEXTS } from "./storage-errors.ts";

export const AGENT_TAG = {
  name: "Agent",
  description:
    "The agent (BFF) routes: the agent acts for a signed-in user with its one service token and the user's id; the app registers the user's JWT as a session after login.",
};

const USER_ID = {
  ...NON_BLANK,
  description: "The user's UUID: the sub of the token",
  examples: ["0b6f3a5e-6c1d-4f47-9a2b-3c4d5e6f7a81"],
};
/** Where a session is written: memory, a file of the data dir, or Redis; the last two may refuse. */
const STORE_ERRORS = [STORAGE_TEXTS.writeRefused, STORAGE_TEXTS.redisSilent];

/** POST /api/agent/session: the app registers the user's JWT after login. */
export const REGISTER_SESSION = defineRoute({
  method: "POST",
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

/** DELETE /api/agent/session: the app clears it at logout. */
export const CLEAR_SESSION = defineRoute({
  method: "DELETE",
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
