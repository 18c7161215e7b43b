import type { ActionDefinition } from "../../agent/actions/definition.ts";
import type { SessionStore } from "../../bff/sessions/session-store.ts";
import type { ServiceUrls } from "../../config/options.ts";
import type { DemoUser } from "../../users.ts";
import type { EmbedIdentityOptions } from "./verify.ts";

/** What the chat embed preview needs from the sandbox: the host backend's secret and users, and what the agent acts with. */
export interface EmbedDeps {
  /** SIGNING_SECRET: identity tokens are verified, and the demo host page's signed, with it. */
  signingSecret: string;
  /** The demo users: who an identity token may name, and whom the demo host page offers. */
  users: readonly DemoUser[];
  /** The sandbox clock. */
  now(): Date;
  /** The servers' URLs, filled as they start: where the agent's calls go. */
  urls: ServiceUrls;
  /** BFF_SERVICE_TOKEN, for the agent's BFF calls. */
  serviceToken: string;
  walletPrefix: string;
  /** The host app's own agent sessions: the users' wallet JWTs, which the agent's wallet (oauth) calls use. */
  walletSessions: SessionStore;
  /** The agent's action definitions, as `sandbox agent ask` loads them. */
  actions(): Promise<readonly ActionDefinition[]>;
}

/** What verifying an identity token takes, at the sandbox clock's now. */
export function identityOptions(deps: EmbedDeps): EmbedIdentityOptions {
  return { secret: deps.signingSecret, users: deps.users, now: deps.now() };
}
