import { createJwtIssuer } from "../auth/jwt.ts";
import { createWalletApp } from "../wallet/app.ts";
import { WALLET_FILE, openWalletStore } from "../wallet/store.ts";
import type { ServiceDefinition } from "./service.ts";

export const walletService: ServiceDefinition = {
  name: "wallet",
  dataFile: WALLET_FILE,
  portSetting: "walletPort",
  async build({ config, clock, users, dataDir, io, onServerError }) {
    const store = await openWalletStore({ file: dataDir.file(WALLET_FILE), users, clock, io });
    const jwt = createJwtIssuer({ secret: config.walletJwtSecret, issuer: "sandbox-wallet", ttlSeconds: config.tokenTtlSeconds, clock });
    const app = createWalletApp({ store, jwt, clock, prefix: config.walletPrefix, tokenTtlSeconds: config.tokenTtlSeconds, onServerError });
    return { app, flush: () => store.flush() };
  },
};
