import type { H3 } from "h3";
import type { JwtIssuer } from "../auth/jwt.ts";
import { type BffDeps, sessionTokenFor } from "../bff/service-token.ts";
import { addSessionRoutes } from "../bff/session-routes.ts";
import { AGENT_WALLET } from "../contracts/agent-routes.ts";
import { addNotFoundRoute, createServiceApp, type ServiceAppOptions } from "../http/service-app.ts";
import type { EmbedDeps } from "./embed/deps.ts";
import { addEmbedRoutes, HOST_PAGE } from "./embed/routes.ts";
import { callWallet, PASSED_THROUGH } from "./wallet-client.ts";

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
