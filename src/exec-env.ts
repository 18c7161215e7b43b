import { SERVICE_NAMES, type ServiceName, type ServiceUrls } from "./service-names.ts";
import type { DemoUser } from "./users.ts";

/**
 * What the CLI tells the programs it runs, by name: where each server is and what to sign in
 * with (`sandbox exec`'s command, `sandbox run --agent`'s agent under test), and whom the agent
 * acts for. The names are kept from one version to the next: scripts and other tools read them.
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
  endUserId: "SANDBOX_END_USER_ID",
  endUserEmail: "SANDBOX_END_USER_EMAIL",
  mcpUrl: "SANDBOX_MCP_URL",
} as const;

/** What the program is told. What is not known (servers given by URL have no data dir of ours) is left out. */
export interface ExecSandbox {
  urls: ServiceUrls;
  users: readonly DemoUser[];
  serviceToken: string;
  walletPrefix: string;
  dataDir?: string;
  controlToken?: string;
  signingSecret?: string;
  /** The user an agent under test acts for. */
  endUser?: DemoUser;
  /** The MCP endpoint locked to that user (scenario/user-mcp.ts). */
  mcpUrl?: string;
}

/**
 * The program's environment: ours, with the sandbox's variables. A variable of ours already set
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
  const set: Record<string, string | undefined> = {
    [names.dataDir]: sandbox.dataDir,
    [names.serviceToken]: sandbox.serviceToken,
    // The demo users as `sandbox users --json` lists them: id, name, email and password each.
    [names.users]: JSON.stringify(sandbox.users),
    // The controls demand it only off loopback (--bind); sending it always is harmless.
    [names.controlToken]: sandbox.controlToken,
    [names.signingSecret]: sandbox.signingSecret,
    [names.walletPrefix]: sandbox.walletPrefix,
    [names.endUserId]: sandbox.endUser?.id,
    [names.endUserEmail]: sandbox.endUser?.email,
    [names.mcpUrl]: sandbox.mcpUrl,
  };
  const known = Object.entries(set).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { ...kept, ...Object.fromEntries(urls), ...Object.fromEntries(known) };
}
