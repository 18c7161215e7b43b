import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ControlsClient } from "../client/controls-client.ts";
import { loadConfig } from "../config/load.ts";
import type { ServiceUrls } from "../config/options.ts";
import { startServers } from "../runtime/sandbox.ts";

/** Servers already running (a sandbox, a staging deployment) that scenarios run against, instead of a sandbox of their own. */
export interface Servers {
  urls: ServiceUrls;
  /** The agent's service token (BFF_SERVICE_TOKEN), for the agent's requests. */
  serviceToken: string;
  walletPrefix: string;
}

/** The servers a scenario talks to, and what acts on them. */
export interface Target extends Servers {
  controls: ControlsClient;
  /** Servers the scenario did not start: their controls may be closed, and their clock is their own. */
  given: boolean;
  close(): Promise<void>;
}

export function givenServers(servers: Servers): Target {
  const any = servers.urls.storefront ?? servers.urls.wallet ?? servers.urls.host;
  return { ...servers, controls: new ControlsClient(any as string), given: true, close: async () => {} };
}

export async function freshSandbox(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-run-"));
  const config = await loadConfig({
    env: {},
    cwd: dataDir,
    flags: { storefrontPort: 0, walletPort: 0, hostPort: 0, dataDir, only: "storefront,wallet,host" },
  });
  const sandbox = await startServers(config, { logError: () => {} }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    urls: sandbox.urls,
    controls: new ControlsClient(sandbox.urls.storefront as string),
    serviceToken: config.bffServiceToken,
    walletPrefix: config.walletPrefix,
    given: false,
    close: async () => {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
