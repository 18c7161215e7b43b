import { WALLET_ERRORS } from "../contracts/wallet/errors.ts";
import { AUTHORIZE_PATH, TOKEN_PATH } from "../contracts/wallet/oauth.ts";
import { OAUTH_ERRORS } from "../contracts/wallet/oauth-errors.ts";
import { createWalletApp } from "../wallet/app.ts";
import { addWalletControls } from "../wallet/controls.ts";
import { loadDefaultClients } from "../wallet/oauth/clients.ts";
import { CodeStore } from "../wallet/oauth/codes.ts";
import { openWalletStore, WALLET_FILE } from "../wallet/store.ts";
import { addTransaction, settleTransaction } from "../wallet/triggers.ts";
import { type ServiceDefinition, SHARED_ERRORS } from "./service.ts";

export const walletService: ServiceDefinition = {
  name: "wallet",
  dataFile: WALLET_FILE,
  docs: ["docs/wallet-api.md", "docs/oauth.md"],
  errorCodes: { ...SHARED_ERRORS, ...WALLET_ERRORS, ...OAUTH_ERRORS },
  async build({ config, clock, loginTokens, users, dataDir, io, urls, app }) {
    const store = await openWalletStore({ file: dataDir.file(WALLET_FILE), users, clock, io });
    const jwt = loginTokens("wallet");
    const [client] = await loadDefaultClients();
    // Kept in memory (a restart ends the sign-ins in flight, as codes live seconds); a reset clears them.
    const codes = new CodeStore(clock);
    const walletApp = createWalletApp({
      ...app,
      errorCodes: walletService.errorCodes,
      store,
      jwt,
      clock,
      prefix: config.walletPrefix,
      codes,
    });
    return {
      app: walletApp,
      addControls: () => addWalletControls(walletApp, { store, clock }),
      flush: () => store.flush(),
      state: {
        async reset() {
          codes.clear();
          await store.reset();
        },
        data: store,
      },
      triggers: {
        transaction: (input) => addTransaction(store, clock, input),
        "transaction-status": (input) => settleTransaction(store, input),
      },
      // The default client of fixtures/, with its documented development secret; its URLs once the wallet listens.
      banner: () => {
        if (!client) return [];
        const wallet = urls.wallet ?? "";
        return [
          `OAuth client: ${client.id}   secret: ${client.secret}`,
          `  redirect URIs: ${client.redirectUris.join(", ")}`,
          `  authorize: ${wallet}${AUTHORIZE_PATH}   token: ${wallet}${TOKEN_PATH}`,
          "  (more clients: npx sandbox oauth add-client --help)",
        ];
      },
    };
  },
};
