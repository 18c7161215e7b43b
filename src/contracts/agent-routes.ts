import { AGENT_TAG } from "./agent-sessions.ts";
import { BFF_TEXTS } from "./bff-errors.ts";
import { TOKEN_ERRORS } from "./guards.ts";
import { HOST_TEXTS } from "./host-app/errors.ts";
import { type Guard, json, type RouteContract, type SecurityScheme } from "./route-contract.ts";
import { STORAGE_TEXTS } from "./storage-errors.ts";
import { ADD_TO_CART, LIST_ORDERS, LIST_PRODUCTS } from "./storefront/routes.ts";
import { LIST_TRANSACTIONS } from "./wallet/routes.ts";
import { BALANCE, TRANSACTION_LIST } from "./wallet/schemas.ts";

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

const AS_THE_USER =
  "The agent acts for the user named in X-End-User-Id with its service token (Authorization: Bearer), in place of the user's JWT: the JWT that the user's app registered with POST /api/agent/session is what the request is made with (401 `no_active_session` without one), and what the route says of that JWT (expired, say) passes through. The request and its answers are those of the route it acts through:";

/**
 * The contract of an agent route that acts through a protected route with the user's stored JWT:
 * the protected route's request and answers, the agent's guard, and what the protected route says
 * of the stored JWT (expired, say), which passes through. Its description says so before the
 * protected route's own.
 */
export function agentContract<const C extends RouteContract>(target: C, description: string) {
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

const AGENT_AUTH = "as the user in X-End-User-Id (BFF service token)";

/** The storefront's agent (BFF) routes: each acts as the user named in X-End-User-Id, through the matching protected route. */
export const AGENT_PRODUCTS = agentContract(LIST_PRODUCTS, `GET /api/products, ${AGENT_AUTH}`);
export const AGENT_ADD_TO_CART = agentContract(ADD_TO_CART, `POST /api/cart/items, ${AGENT_AUTH}`);
export const AGENT_ORDERS = agentContract(LIST_ORDERS, `GET /api/orders, ${AGENT_AUTH}`);

/** The host app's agent route: The wallet's transaction query and answers, with the balance added; what the wallet answers about the user's stored JWT or the query passes through. */
export const AGENT_WALLET = agentContract(
  {
    ...LIST_TRANSACTIONS,
    operationId: "getWallet",
    details: `The balance, then the transactions, asked of the wallet (--wallet-url) with the user's stored wallet JWT; the query is the wallet's transaction query, passed on as given, and so are the wallet's refusals of it.\n\n${LIST_TRANSACTIONS.details}`,
    responses: {
      200: json("The balance and the transactions (with insights when asked), in the wallet's own shapes", {
        title: "AgentWallet",
        type: "object",
        required: ["balance", "currency", "transactions"],
        properties: { ...BALANCE.properties, ...TRANSACTION_LIST.properties },
      }),
    },
    errors: [...(LIST_TRANSACTIONS.errors ?? []), HOST_TEXTS.walletSilent, HOST_TEXTS.walletNotJson],
  },
  "The wallet's balance and transactions of the user in X-End-User-Id (BFF service token)",
);
