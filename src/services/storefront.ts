import { BFF_ERRORS } from "../contracts/bff-errors.ts";
import { STOREFRONT_ERRORS } from "../contracts/storefront/errors.ts";
import { createStorefrontApp } from "../storefront/app.ts";
import { CartEvents } from "../storefront/cart-events.ts";
import { openStorefrontStore, STOREFRONT_FILE } from "../storefront/store.ts";
import { deliverOrder } from "../storefront/triggers.ts";
import { type ServiceDefinition, SHARED_ERRORS } from "./service.ts";

export const storefrontService: ServiceDefinition = {
  name: "storefront",
  dataFile: STOREFRONT_FILE,
  docs: ["docs/storefront-api.md", "docs/agent-proxy.md"],
  errorCodes: { ...SHARED_ERRORS, ...BFF_ERRORS, ...STOREFRONT_ERRORS },
  async build({ config, clock, loginTokens, users, dataDir, io, liveStreams, sessions, app }) {
    const store = await openStorefrontStore({ file: dataDir.file(STOREFRONT_FILE), users, clock, io });
    const jwt = loginTokens("storefront");
    const cartEvents = new CartEvents(store);
    const agentSessions = sessions.namespace("storefront");
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
        bff: { serviceToken: config.bffServiceToken, sessions: agentSessions },
      }),
      flush: () => store.flush(),
      stats: () => ({ cartListeners: cartEvents.listenerCount }),
      // The emptied carts reach their open streams through the store's commit, as any change does.
      state: {
        async reset() {
          await Promise.all([store.reset(), agentSessions.clear()]);
        },
        data: store,
      },
      triggers: { "order-delivered": (input) => deliverOrder(store, input) },
    };
  },
};
