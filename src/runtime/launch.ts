import { type FileHandle, open } from "node:fs/promises";
import type { SandboxConfig } from "../config/load.ts";
import { makeDirectory, unusableDataDir } from "../store/data-dir.ts";
import { exposedToGit } from "../store/git-exposure.ts";
import { STOREFRONT_FILE } from "../storefront/store.ts";
import { formatBanner } from "./banner.ts";
import { type Sandbox, type StartOptions, startServers } from "./sandbox.ts";

/** A sandbox that runs, with what its start has to say: every way of starting one goes through launchSandbox. */
export interface LaunchedSandbox {
  sandbox: Sandbox;
  /** Where things are and how to sign in: `sandbox start` prints it. */
  banner: string;
  /** What a person should know before going on (data that git would pick up); each a line of its own. */
  warnings: string[];
  /** Ends event streams, closes the servers, finishes pending writes and releases the data dir (and its lock). */
  close(): Promise<void>;
}

/**
 * The sandbox runtime: starts the servers on the config's data dir (taking its lock, which names
 * the URLs for `status`, `stop` and the clients), then says what a start says. Used by `start`,
 * `start --ui`, `start --detach` (whose child runs `start`), the package's `startSandbox` and
 * `sandbox check`'s own sandbox.
 */
export async function launchSandbox(config: SandboxConfig, options: StartOptions = {}): Promise<LaunchedSandbox> {
  // Asked while the servers start (a failed start leaves its answer unread).
  const warnings = startWarnings(config.dataDir);
  warnings.catch(() => {});
  const sandbox = await startServers(config, options);
  try {
    return {
      sandbox,
      banner: formatBanner(sandbox),
      warnings: await warnings,
      close: () => sandbox.close(),
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

async function startWarnings(dataDir: string): Promise<string[]> {
  if (!(await exposedToGit(dataDir, STOREFRONT_FILE))) return [];
  return [
    `Warning: the data dir ${dataDir} is inside a git work tree and not ignored: its files hold passwords and tokens. Add it to .gitignore, or choose another with --data-dir.`,
  ];
}

/** Opens a file of the data dir to append to, readable by its owner only, making the dir if it is missing (`start --detach` writes its log there first); or says in one line why the dir cannot be used. */
export async function appendInDataDir(dir: string, path: string): Promise<FileHandle> {
  return makeDirectory(dir)
    .then(() => open(path, "a", 0o600))
    .catch((error: unknown) => Promise.reject(unusableDataDir(dir, error)));
}
