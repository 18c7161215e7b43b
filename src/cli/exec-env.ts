import type { SandboxConfig } from "../config/load.ts";
import { SERVICE_NAMES, type ServiceName, type ServiceUrls } from "../service-names.ts";
import type { DemoUser } from "../users.ts";

/**
 * What `sandbox exec` tells the command it runs, by name: where each server is and what to sign
 * in with. The names are kept from one version to the next: scripts and other tools read them.
 */
export const EXEC_VARIABLES = {
  urls: {
    storefront: "SANDBOX_STOREFRONT_URL",
    wallet: "SANDBOX_WALLET_URL",
    host: "SANDBOX_HOST_URL",
  } satisfies Record<ServiceName, string>,
  dataDir: "SANDBOX_DATA_DIR",
  serviceToken: "SANDBOX_SERVICE_TOKEN",
  users: "SANDBOX_USERS",
  controlToken: "SANDBOX_CONTROL_TOKEN",
  signingSecret: "SANDBOX_SIGNING_SECRET",
  walletPrefix: "SANDBOX_WALLET_PREFIX",
} as const;

export interface ExecSandbox {
  urls: ServiceUrls;
  dataDir: string;
  users: readonly DemoUser[];
  config: Pick<SandboxConfig, "bffServiceToken" | "controlToken" | "signingSecret" | "walletPrefix">;
}

/**
 * The command's environment: ours, with the sandbox's variables. A variable of ours already set
 * (a `sandbox exec` inside another) is dropped first, so that a server this sandbox does not run
 * (`--only`) has no URL rather than another sandbox's.
 */
export function execEnvironment(
  env: Record<string, string | undefined>,
  sandbox: ExecSandbox,
): Record<string, string | undefined> {
  const { urls: urlNames, ...names } = EXEC_VARIABLES;
  const ours = new Set<string>([...Object.values(urlNames), ...Object.values(names)]);
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !ours.has(name)));
  const urls = SERVICE_NAMES.flatMap((service) => {
    const url = sandbox.urls[service];
    return url === undefined ? [] : [[urlNames[service], url] as const];
  });
  return {
    ...kept,
    ...Object.fromEntries(urls),
    [names.dataDir]: sandbox.dataDir,
    [names.serviceToken]: sandbox.config.bffServiceToken,
    // The demo users as `sandbox users --json` lists them: id, name, email and password each.
    [names.users]: JSON.stringify(sandbox.users),
    // The controls demand it only off loopback (--bind); sending it always is harmless.
    [names.controlToken]: sandbox.config.controlToken,
    [names.signingSecret]: sandbox.config.signingSecret,
    [names.walletPrefix]: sandbox.config.walletPrefix,
  };
}
