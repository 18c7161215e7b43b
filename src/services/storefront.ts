import { createJwtIssuer } from "../auth/jwt.ts";
import { createStorefrontApp } from "../storefront/app.ts";
import { CartEvents } from "../storefront/cart-events.ts";
import { STOREFRONT_FILE, openStorefrontStore } from "../storefront/store.ts";
import type { ServiceDefinition } from "./service.ts";

export const storefrontService: ServiceDefinition = {
  name: "storefront",
  dataFile: STOREFRONT_FILE,
  portSetting: "storefrontPort",
  async build({ config, clock, users, dataDir, io, liveStreams, sessions, onServerError }) {
    const store = await openStorefrontStore({ file: dataDir.file(STOREFRONT_FILE), users, clock, io });
    const jwt = createJwtIssuer({ secret: config.storefrontJwtSecret, issuer: "sandbox-storefront", ttlSeconds: config.tokenTtlSeconds, clock });
    const cartEvents = new CartEvents();
    const app = createStorefrontApp({
      store,
      jwt,
      cartEvents,
      clock,
      liveStreams,
      sseHeartbeatMs: config.sseHeartbeatMs,
      bff: { serviceToken: config.bffServiceToken, sessions: sessions.namespace("storefront") },
      onServerError,
    });
    return { app, flush: () => store.flush(), stats: () => ({ cartListeners: cartEvents.listenerCount }) };
  },
};
