import type { H3 } from "h3";
import type { JwtIssuer } from "../auth/jwt.ts";
import { agentContract } from "../bff/agent-route.ts";
import { type BffDeps, sessionTokenFor } from "../bff/service-token.ts";
import { addSessionRoutes } from "../bff/session-routes.ts";
import { HOST_TEXTS } from "../contracts/host-app/errors.ts";
import { json } from "../contracts/route-contract.ts";
import { LIST_TRANSACTIONS } from "../contracts/wallet/routes.ts";
import { BALANCE, TRANSACTION_LIST } from "../contracts/wallet/schemas.ts";
import { addNotFoundRoute, createServiceApp, type ServiceAppOptions } from "../http/service-app.ts";
import type { EmbedDeps } from "./embed/deps.ts";
import { addEmbedRoutes, HOST_PAGE } from "./embed/routes.ts";
import { callWallet, PASSED_THROUGH } from "./wallet-client.ts";

/** The wallet's transaction query and answers, with the balance added; what the wallet answers about the user's stored JWT or the query passes through. */
const AGENT_WALLET = agentContract(
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

export interface HostAppDeps extends ServiceAppOptions {
  /** Verifies the wallet JWTs that the app registers as sessions. */
  walletJwt: JwtIssuer;
  bff: BffDeps;
  /** The wallet's base URL and route prefix. */
  wallet: () => { url: string; prefix: string };
  /** Who may register a session, when the host app fronts this sandbox's wallet (a real one has users of its own). */
  knownUser?: (userId: string) => boolean;
  /** The chat embed preview (its pages at /embed and GET / for browsers); without it, the host app has none. */
  embed?: EmbedDeps;
}

/**
 * The host web application in front of the wallet ({app_url}): it keeps the users' wallet JWTs
 * and lets the agent read a user's wallet with the one service token; it also serves the chat
 * embed preview and the demo host page that opens it.
 */
export function createHostApp(deps: HostAppDeps): H3 {
  const index = deps.index && deps.embed ? { ...deps.index, page: HOST_PAGE } : deps.index;
  const app = createServiceApp({ ...deps, index });
  addSessionRoutes(app, { issuer: deps.walletJwt, sessions: deps.bff.sessions, knownUser: deps.knownUser });

  app.get(
    "/api/agent/wallet",
    async (event) => {
      const token = await sessionTokenFor(event, deps.bff);
      const { url, prefix } = deps.wallet();
      const query = new URLSearchParams();
      for (const name of PASSED_THROUGH)
        for (const value of event.url.searchParams.getAll(name)) query.append(name, value);
      const balance = await callWallet(`${url}${prefix}/balance`, token);
      if (!balance.ok) return balance.response;
      const transactions = await callWallet(`${url}${prefix}/transactions${query.size > 0 ? `?${query}` : ""}`, token);
      if (!transactions.ok) return transactions.response;
      return { balance: balance.body.balance, currency: balance.body.currency, ...transactions.body };
    },
    { meta: AGENT_WALLET },
  );

  if (deps.embed) addEmbedRoutes(app, deps.embed);
  addNotFoundRoute(app);
  return app;
}
