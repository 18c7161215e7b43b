import { AUTH_ERRORS } from "../auth/errors.ts";
import { ISSUERS } from "../auth/issuers.ts";
import { createJwtIssuer } from "../auth/jwt.ts";
import { BFF_ERRORS } from "../bff/errors.ts";
import { HTTP_ERRORS } from "../http/errors.ts";
import { STORAGE_ERRORS } from "../store/errors.ts";
import { createStorefrontApp } from "../storefront/app.ts";
import { CartEvents } from "../storefront/cart-events.ts";
import { STOREFRONT_ERRORS } from "../storefront/errors.ts";
import { STOREFRONT_FILE, openStorefrontStore } from "../storefront/store.ts";
import type { ServiceDefinition } from "./service.ts";

export const storefrontService: ServiceDefinition = {
  name: "storefront",
  label: "storefront",
  dataFile: STOREFRONT_FILE,
  docs: ["docs/storefront-api.md", "docs/agent-proxy.md"],
  errorCodes: { ...HTTP_ERRORS, ...STORAGE_ERRORS, ...AUTH_ERRORS, ...BFF_ERRORS, ...STOREFRONT_ERRORS },
  async build({ config, clock, users, dataDir, io, liveStreams, sessions, app }) {
    const store = await openStorefrontStore({ file: dataDir.file(STOREFRONT_FILE), users, clock, io });
    const jwt = createJwtIssuer({ secret: config.storefrontJwtSecret, issuer: ISSUERS.storefront, ttlMs: config.tokenTtl, clock });
    const cartEvents = new CartEvents(store);
    return {
      app: createStorefrontApp({
        ...app,
        errorCodes: storefrontService.errorCodes,
        store,
        jwt,
        cartEvents,
        clock,
        liveStreams,
        sseHeartbeatMs: config.sseHeartbeat,
        bff: { serviceToken: config.bffServiceToken, sessions: sessions.namespace("storefront") },
      }),
      flush: () => store.flush(),
      stats: () => ({ cartListeners: cartEvents.listenerCount }),
    };
  },
};
