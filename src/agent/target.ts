import { fileURLToPath } from "node:url";
import { ControlsClient } from "../client/controls-client.ts";
import { createServiceClient } from "../client/service-client.ts";
import type { SandboxConfig } from "../config/load.ts";
import { AGENT_PRODUCTS } from "../contracts/agent-routes.ts";
import { failWith } from "../errors.ts";
import { resolveEndUser } from "../identity/end-user.ts";
import { packageFile } from "../package-files.ts";
import { runningSandbox } from "../sandbox-lock.ts";
import { type DemoUser, loadDemoUsers } from "../users.ts";
import type { AgentTarget } from "./actions/call.ts";
import { actAs } from "./as-app.ts";
import { AGENT_TEXTS } from "./errors.ts";
import type { CatalogEntry } from "./resolver/products.ts";

export const DEFAULT_ACTIONS_DIR = fileURLToPath(packageFile("fixtures/actions/"));

/** The demo user named by id or email: the agent signs in as the user's app, so it needs the password. */
export async function findDemoUser(idOrEmail: string): Promise<DemoUser> {
  // Without allowUnknown, a name that is no demo user's is refused there (a usage error): a user is always found.
  const { user } = resolveEndUser(await loadDemoUsers(), idOrEmail);
  if (!user) throw new Error(`resolveEndUser took ${idOrEmail} for no demo user without allowUnknown`);
  return user;
}

export interface UserTarget {
  target: AgentTarget;
  user: DemoUser;
  /** What was done as the user's app first (sign-ins, session registrations), for the transcript. */
  notes: string[];
}

/**
 * Everything the agent acts with, for the sandbox running on the config's data dir: its URLs
 * and the service token, and per demo user the sessions registered as the user's app would
 * after login (once per user).
 */
export async function agentTargets(config: SandboxConfig): Promise<(user: string) => Promise<UserTarget>> {
  const running = await runningSandbox(config.dataDir);
  if (!running?.urls) failWith(AGENT_TEXTS.noSandbox, { values: { dataDir: config.dataDir }, expected: true });
  const urls = running.urls;
  // The controls answer on every server; with none running there is no sandbox clock, and answers use the system's.
  const controlsBase = urls.storefront ?? urls.wallet ?? urls.host;
  const controls = controlsBase ? new ControlsClient(controlsBase, config.controlToken || undefined) : undefined;
  const known = new Map<string, Promise<UserTarget>>();
  const setUp = async (idOrEmail: string): Promise<UserTarget> => {
    const user = await findDemoUser(idOrEmail);
    const servers = {
      urls,
      serviceToken: config.bffServiceToken,
      walletPrefix: config.walletPrefix,
      ...(controls ? { now: async () => new Date((await controls.clock()).now) } : {}),
    };
    return { user, ...(await actAs(servers, user)) };
  };
  return (user) => {
    const key = user.toLowerCase();
    let target = known.get(key);
    if (!target) {
      target = setUp(user).catch((error: unknown) => {
        known.delete(key);
        throw error;
      });
      known.set(key, target);
    }
    return target;
  };
}

/** The catalog, read through the agent route as the agent sees it. */
export async function agentCatalog(target: AgentTarget): Promise<CatalogEntry[]> {
  if (!target.urls.storefront) return [];
  const client = createServiceClient({ urls: target.urls, ...(target.fetch ? { fetch: target.fetch } : {}) });
  const result = await client.call(AGENT_PRODUCTS, {
    service: "storefront",
    path: "/api/agent/products",
    token: target.serviceToken,
    headers: { "x-end-user-id": target.endUserId },
  });
  // The catalog only helps the resolver match names: without a usable one, it matches none.
  return result.kind === "answer" ? result.body.items : [];
}
