import type { H3 } from "h3";
import type { Clock } from "../clock.ts";
import { CONTROLS } from "../contracts/controls/routes.ts";
import { addControl } from "../http/control-route.ts";
import { readJsonObject } from "../http/json-body.ts";
import { checkRegistration, listClients, registerClient } from "./oauth/registry.ts";
import type { WalletStore } from "./store.ts";

/** Sandbox-only routes of the wallet (under /__sandbox/): what `sandbox oauth` uses on a running sandbox. */
export function addWalletControls(app: H3, deps: { store: WalletStore; clock: Clock }): void {
  addControl(app, CONTROLS.oauthClients, () => ({ clients: listClients(deps.store.data.oauthClients) }));
  addControl(app, CONTROLS.addOauthClient, async (event) => {
    const body = await readJsonObject(event);
    const registration = checkRegistration(body.name, body.redirectUris);
    return deps.store.update((draft) => registerClient(draft, registration, deps.clock.now()));
  });
}
