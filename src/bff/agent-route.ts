import { TOKEN_ERRORS } from "../auth/bearer.ts";
import type { RouteContract } from "../http/route-contract.ts";
import { AGENT } from "./service-token.ts";

export const AGENT_TAG = {
  name: "Agent",
  description:
    "The agent (BFF) routes: the agent acts for a signed-in user with its one service token and the user's id; the app registers the user's JWT as a session after login.",
};

/**
 * The contract of an agent route that acts through a protected route with the user's stored JWT:
 * the protected route's request and answers, the agent's guard, and what the protected route says
 * of the stored JWT (expired, say), which passes through.
 */
export function agentContract(target: RouteContract, description: string): RouteContract {
  const operationId = `agent${target.operationId.charAt(0).toUpperCase()}${target.operationId.slice(1)}`;
  return {
    ...target,
    description,
    operationId,
    tag: AGENT_TAG,
    auth: { alternatives: AGENT.alternatives, errors: [...AGENT.errors, ...TOKEN_ERRORS] },
  };
}
