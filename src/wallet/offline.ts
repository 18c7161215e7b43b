import { createClock } from "../clock.ts";
import { openDataDir } from "../store/data-dir.ts";
import { loadDemoUsers } from "../users.ts";
import { openWalletStore, WALLET_FILE, type WalletStore } from "./store.ts";

/**
 * Opens the wallet's data while no sandbox runs on the dir (taking its lock meanwhile), for
 * commands that change it from outside, such as `sandbox oauth add-client`.
 */
export async function withWalletStore<R>(
  dir: string,
  use: (store: WalletStore, now: Date) => Promise<R> | R,
): Promise<R> {
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
