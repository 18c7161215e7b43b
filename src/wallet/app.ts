import type { H3, H3Event } from "h3";
import { refuseUnknownUser, requireUser } from "../auth/bearer.ts";
import type { JwtIssuer } from "../auth/jwt.ts";
import { addLoginRoute } from "../auth/login.ts";
import type { Clock } from "../clock.ts";
import { WALLET_TEXTS } from "../contracts/wallet/errors.ts";
import { TOKEN_PATH } from "../contracts/wallet/oauth.ts";
import { GET_BALANCE, GET_TRANSACTION, LIST_TRANSACTIONS } from "../contracts/wallet/routes.ts";
import { failWith } from "../errors.ts";
import { queryValue } from "../http/request-input.ts";
import { addNotFoundRoute, createServiceApp, type ServiceAppOptions } from "../http/service-app.ts";
import { toMajorUnits } from "../money.ts";
import { balanceCents, insightsFor } from "./insights.ts";
import { addAuthorizeRoutes } from "./oauth/authorize-routes.ts";
import type { CodeStore } from "./oauth/codes.ts";
import { createFormTokens } from "./oauth/form-token.ts";
import { addMetadataRoute } from "./oauth/metadata.ts";
import { oauthErrorResponse } from "./oauth/oauth-response.ts";
import { addTokenRoute } from "./oauth/token-route.ts";
import type { WalletStore } from "./store.ts";
import { selectTransactions, toTransactionView } from "./transactions.ts";
import { parseWindow } from "./window.ts";

export interface WalletDeps extends ServiceAppOptions {
  store: WalletStore;
  jwt: JwtIssuer;
  clock: Clock;
  /** Where the wallet routes live (the real prefix is not published): /api/wallet by default. */
  prefix: string;
  /** The authorization codes in flight, which a sandbox reset clears. */
  codes: CodeStore;
}

export function createWalletApp(deps: WalletDeps): H3 {
  // The token endpoint answers its errors in RFC 6749's shape, whichever layer raised them.
  const app = createServiceApp({
    ...deps,
    formatError: (error, event) => (event.url.pathname === TOKEN_PATH ? oauthErrorResponse(error) : undefined),
  });
  const { prefix } = deps;
  const auth = {
    issuer: deps.jwt,
    knownUser: (id: string) => deps.store.data.wallets.some((wallet) => wallet.userId === id),
  };
  const walletFor = async (event: H3Event) => {
    const { userId } = await requireUser(event, auth);
    // The check found the user's wallet; one gone since (the data replaced in between) is refused as the check now would.
    return deps.store.data.wallets.find((wallet) => wallet.userId === userId) ?? refuseUnknownUser(deps.jwt);
  };

  addLoginRoute(app, { users: () => deps.store.data.users, jwt: deps.jwt });
  // The sign-in forms' key is made here, once per start: a restart voids the forms in flight.
  const oauth = { ...deps, formTokens: createFormTokens(deps.clock) };
  addAuthorizeRoutes(app, oauth);
  addTokenRoute(app, oauth);
  addMetadataRoute(app);

  app.get(
    `${prefix}/balance`,
    async (event) => {
      const wallet = await walletFor(event);
      return { balance: toMajorUnits(balanceCents(deps.store.data.transactions, wallet)), currency: wallet.currency };
    },
    { meta: GET_BALANCE },
  );

  app.get(
    `${prefix}/transactions`,
    async (event) => {
      const wallet = await walletFor(event);
      const window = parseWindow(
        {
          period: queryValue(event, LIST_TRANSACTIONS, "period"),
          from: queryValue(event, LIST_TRANSACTIONS, "from"),
          to: queryValue(event, LIST_TRANSACTIONS, "to"),
        },
        deps.clock.now(),
      );
      const direction = queryValue(event, LIST_TRANSACTIONS, "direction");
      const withInsights = queryValue(event, LIST_TRANSACTIONS, "include_insights") === "true";
      const { transactions } = deps.store.data;
      return {
        transactions: selectTransactions(transactions, wallet.userId, window, direction).map(toTransactionView),
        ...(withInsights ? { insights: insightsFor(transactions, wallet, window) } : {}),
      };
    },
    { meta: LIST_TRANSACTIONS },
  );

  app.get(
    `${prefix}/transactions/:id`,
    async (event) => {
      const wallet = await walletFor(event);
      const id = event.context.params?.id ?? "";
      const transaction = deps.store.data.transactions.find(
        (candidate) => candidate.id === id && candidate.userId === wallet.userId,
      );
      if (!transaction) failWith(WALLET_TEXTS.transactionNotFound, { values: { id } });
      return toTransactionView(transaction);
    },
    { meta: GET_TRANSACTION },
  );

  addNotFoundRoute(app);
  return app;
}
