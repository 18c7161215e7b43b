import { createClock } from "../clock.ts";
import type { ClientListing } from "../contracts/wallet/schemas.ts";
import { openDataDir } from "../store/data-dir.ts";
import { loadDemoUsers } from "../users.ts";
import { type ClientRegistration, listClients, registerClient } from "../wallet/oauth/registry.ts";
import { openWalletStore, WALLET_FILE, type WalletStore } from "../wallet/store.ts";

export { checkRegistration } from "../wallet/oauth/registry.ts";

/**
 * Opens the wallet's data while no sandbox runs on the dir (taking its lock meanwhile), for
 * commands that change it from outside, such as `sandbox oauth add-client`.
 */
async function withWalletStore<R>(dir: string, use: (store: WalletStore, now: Date) => Promise<R> | R): Promise<R> {
  const dataDir = await openDataDir(dir, { fresh: false, dataFiles: [] });
  try {
    const clock = createClock();
    const store = await openWalletStore({ file: dataDir.file(WALLET_FILE), users: await loadDemoUsers(), clock });
    const result = await use(store, clock.now());
    await store.flush();
    return result;
  } finally {
    await dataDir.release();
  }
}

/** The OAuth clients registered in the data dir's wallet, read while no sandbox runs on it. */
export function listClientsOffline(dir: string): Promise<ClientListing[]> {
  return withWalletStore(dir, (store) => listClients(store.data.oauthClients));
}

/** Registers an OAuth client in the data dir's wallet while no sandbox runs on it. */
export function registerClientOffline(dir: string, registration: ClientRegistration) {
  return withWalletStore(dir, (store, now) => store.update((draft) => registerClient(draft, registration, now)));
}
