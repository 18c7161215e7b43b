import type { ServiceUrls } from "../../service-names.ts";
import type { DemoUser } from "../../users.ts";
import type { EmbedAgent } from "./embed-agent.ts";
import type { EmbedIdentityOptions } from "./verify.ts";

/** What the chat embed preview needs from the sandbox: the host backend's secret and users, and what the agent acts with. */
export interface EmbedDeps {
  /** SIGNING_SECRET: identity tokens are verified, and the demo host page's signed, with it. */
  signingSecret: string;
  /** The longest lifetime of an identity token accepted, and signed, in seconds (identityMaxLifetime). */
  identityMaxLifetimeSeconds: number;
  /** The demo users: who an identity token may name, and whom the demo host page offers. */
  users: readonly DemoUser[];
  /** The sandbox clock. */
  now(): Date;
  /** The servers' URLs, filled as they start: which sessions registering the user makes. */
  urls: ServiceUrls;
  /** The sandbox's data dir: the command a chat without a register button offers names it, to reach this sandbox. */
  dataDir: string;
  /** The agent the chat asks. */
  agent: EmbedAgent;
}

/** What verifying an identity token takes, at the sandbox clock's now. */
export function identityOptions(deps: EmbedDeps): EmbedIdentityOptions {
  return {
    secret: deps.signingSecret,
    users: deps.users,
    now: deps.now(),
    maxLifetimeSeconds: deps.identityMaxLifetimeSeconds,
  };
}
