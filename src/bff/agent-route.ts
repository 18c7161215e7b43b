import { TOKEN_ERRORS } from "../contracts/guards.ts";
import type { RouteContract } from "../contracts/route-contract.ts";
import { AGENT } from "./service-token.ts";

export const AGENT_TAG = {
  name: "Agent",
  description:
    "The agent (BFF) routes: the agent acts for a signed-in user with its one service token and the user's id; the app registers the user's JWT as a session after login.",
};

const AS_THE_USER =
  "The agent acts for the user named in X-End-User-Id with its service token (Authorization: Bearer), in place of the user's JWT: the JWT that the user's app registered with POST /api/agent/session is what the request is made with (401 `no_active_session` without one), and what the route says of that JWT (expired, say) passes through. The request and its answers are those of the route it acts through:";

/**
 * The contract of an agent route that acts through a protected route with the user's stored JWT:
 * the protected route's request and answers, the agent's guard, and what the protected route says
 * of the stored JWT (expired, say), which passes through. Its description says so before the
 * protected route's own.
 */
export function agentContract(target: RouteContract, description: string): RouteContract {
  const operationId = `agent${target.operationId.charAt(0).toUpperCase()}${target.operationId.slice(1)}`;
  return {
    ...target,
    description,
    details: `${AS_THE_USER}\n\n${target.details}`,
    operationId,
    tag: AGENT_TAG,
    auth: { alternatives: AGENT.alternatives, errors: [...AGENT.errors, ...TOKEN_ERRORS] },
  };
}
