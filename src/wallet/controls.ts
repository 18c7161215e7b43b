import type { H3 } from "h3";
import type { Clock } from "../clock.ts";
import { readJsonObject } from "../http/json-body.ts";
import { checkRegistration, listClients, registerClient } from "./oauth/registry.ts";
import type { WalletStore } from "./store.ts";

/** Sandbox-only routes of the wallet (under /__sandbox/): what `sandbox oauth` uses on a running sandbox. */
/** `prefix`: where the sandbox controls live (CONTROLS_PREFIX, given by the service definition). */
export function addWalletControls(app: H3, prefix: string, deps: { store: WalletStore; clock: Clock }): void {
  app.get(`${prefix}oauth/clients`, () => ({ clients: listClients(deps.store.data.oauthClients) }), {
    meta: { description: "Sandbox control: the registered OAuth clients" },
  });

  app.post(
    `${prefix}oauth/clients`,
    async (event) => {
      const body = await readJsonObject(event);
      const registration = checkRegistration(body.name, body.redirectUris);
      event.res.status = 201;
      return deps.store.update((draft) => registerClient(draft, registration, deps.clock.now()));
    },
    {
      meta: { description: "Sandbox control: register an OAuth client {name, redirectUris}; its secret is shown once" },
    },
  );
}
