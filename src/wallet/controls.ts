import type { H3 } from "h3";
import type { Clock } from "../clock.ts";
import { fail } from "../http/errors.ts";
import { readJsonObject } from "../http/json-body.ts";
import { ClientRegistrationError, checkRegistration, listClients, registerClient } from "./oauth/registry.ts";
import type { WalletStore } from "./store.ts";

/** Sandbox-only routes of the wallet (under /__sandbox/): what `sandbox oauth` uses on a running sandbox. */
export function addWalletControls(app: H3, deps: { store: WalletStore; clock: Clock }): void {
  app.get("/__sandbox/oauth/clients", () => ({ clients: listClients(deps.store.data.oauthClients) }));

  app.post("/__sandbox/oauth/clients", async (event) => {
    const body = await readJsonObject(event);
    let registration: ReturnType<typeof checkRegistration>;
    try {
      registration = checkRegistration(body.name, body.redirectUris);
    } catch (error) {
      if (error instanceof ClientRegistrationError) fail("validation_error", error.message);
      throw error;
    }
    event.res.status = 201;
    return deps.store.update((draft) => registerClient(draft, registration, deps.clock.now()));
  });
}
