import { AUTH_ERRORS } from "../auth/errors.ts";
import { ISSUERS } from "../auth/issuers.ts";
import { createJwtIssuer } from "../auth/jwt.ts";
import { BFF_ERRORS } from "../bff/errors.ts";
import { OPTIONS } from "../config/options.ts";
import { createHostApp } from "../host-app/app.ts";
import { HOST_ERRORS } from "../host-app/errors.ts";
import { HTTP_ERRORS } from "../http/errors.ts";
import { urlHost } from "../http/url-host.ts";
import { STORAGE_ERRORS } from "../store/errors.ts";
import type { ServiceDefinition } from "./service.ts";

/** The wallet port a wallet listens on when nothing says otherwise: the default of --wallet-port. */
const DEFAULT_WALLET_PORT = OPTIONS.find((option) => option.key === "walletPort")!.default;

export const hostService: ServiceDefinition = {
  name: "host",
  label: "host app",
  docs: ["docs/agent-proxy.md"],
  errorCodes: { ...HTTP_ERRORS, ...STORAGE_ERRORS, ...AUTH_ERRORS, ...BFF_ERRORS, ...HOST_ERRORS },
  async build({ config, clock, sessions, urls, users, app }) {
    const walletJwt = createJwtIssuer({ secret: config.walletJwtSecret, issuer: ISSUERS.wallet, ttlMs: config.tokenTtl, clock });
    const wallet = () => ({
      // auto: this sandbox's own wallet when it runs, else where the settings say a wallet listens.
      url: config.walletUrl !== "auto" ? config.walletUrl : (urls.wallet ?? `http://${urlHost(config.bind)}:${config.walletPort || DEFAULT_WALLET_PORT}`),
      prefix: config.walletPrefix,
    });
    const knownUser = config.walletUrl === "auto" ? (id: string) => users.some((user) => user.id === id) : undefined;
    return {
      app: createHostApp({
        ...app,
        errorCodes: hostService.errorCodes,
        walletJwt,
        bff: { serviceToken: config.bffServiceToken, sessions: sessions.namespace("host") },
        wallet,
        knownUser,
      }),
    };
  },
};
