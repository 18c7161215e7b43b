import { AUTH_ERRORS } from "../auth/errors.ts";
import { ISSUERS } from "../auth/issuers.ts";
import { createJwtIssuer } from "../auth/jwt.ts";
import { HTTP_ERRORS } from "../http/errors.ts";
import { STORAGE_ERRORS } from "../store/errors.ts";
import { createWalletApp } from "../wallet/app.ts";
import { WALLET_ERRORS } from "../wallet/errors.ts";
import { loadDefaultClients } from "../wallet/oauth/clients.ts";
import { OAUTH_ERRORS } from "../wallet/oauth/oauth-response.ts";
import { WALLET_FILE, openWalletStore } from "../wallet/store.ts";
import type { ServiceDefinition } from "./service.ts";

export const walletService: ServiceDefinition = {
  name: "wallet",
  label: "wallet",
  dataFile: WALLET_FILE,
  docs: ["docs/wallet-api.md", "docs/oauth.md"],
  errorCodes: { ...HTTP_ERRORS, ...STORAGE_ERRORS, ...AUTH_ERRORS, ...WALLET_ERRORS, ...OAUTH_ERRORS },
  async build({ config, clock, users, dataDir, io, urls, app }) {
    const store = await openWalletStore({ file: dataDir.file(WALLET_FILE), users, clock, io });
    const jwt = createJwtIssuer({ secret: config.walletJwtSecret, issuer: ISSUERS.wallet, ttlMs: config.tokenTtl, clock });
    const [client] = await loadDefaultClients();
    return {
      app: createWalletApp({ ...app, errorCodes: walletService.errorCodes, store, jwt, clock, prefix: config.walletPrefix }),
      flush: () => store.flush(),
      // The default client of fixtures/, with its documented development secret; its URLs once the wallet listens.
      banner: () => {
        if (!client) return [];
        const wallet = urls.wallet ?? "";
        return [
          `OAuth client: ${client.id}   secret: ${client.secret}`,
          `  redirect URIs: ${client.redirectUris.join(", ")}`,
          `  authorize: ${wallet}/oauth/authorize   token: ${wallet}/oauth/token`,
          "  (more clients: npx sandbox oauth add-client --help)",
        ];
      },
    };
  },
};
