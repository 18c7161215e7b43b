import { createJwtIssuer } from "../auth/jwt.ts";
import { createHostApp } from "../host-app/app.ts";
import type { ServiceDefinition } from "./service.ts";

export const hostService: ServiceDefinition = {
  name: "host",
  portSetting: "hostPort",
  async build({ config, clock, sessions, urls, users, onServerError }) {
    const walletJwt = createJwtIssuer({ secret: config.walletJwtSecret, issuer: "sandbox-wallet", ttlSeconds: config.tokenTtlSeconds, clock });
    const wallet = () => ({
      // auto: this sandbox's own wallet when it runs, else where a wallet listens by default.
      url: config.walletUrl !== "auto" ? config.walletUrl : (urls.wallet ?? `http://127.0.0.1:${config.walletPort || 8083}`),
      prefix: config.walletPrefix,
    });
    const knownUser = config.walletUrl === "auto" ? (id: string) => users.some((user) => user.id === id) : undefined;
    const app = createHostApp({ walletJwt, bff: { serviceToken: config.bffServiceToken, sessions: sessions.namespace("host") }, wallet, knownUser, onServerError });
    return { app, flush: async () => {} };
  },
};
