import type { ServiceUrls } from "../service-names.ts";
import type { DemoUser } from "../users.ts";

/** What the UI needs besides the servers' URLs: the secrets an agent and a host backend hold, and how to draw. */
export interface TuiSettings {
  urls: ServiceUrls;
  /** The demo users offered on the sign-in screen (the fixtures' users; any other account can be typed in). */
  users: readonly DemoUser[];
  /** BFF_SERVICE_TOKEN: the agent's credential on the agent routes. */
  serviceToken: string;
  /** SIGNING_SECRET: signs embed identity tokens, as the host backend does. */
  signingSecret: string;
  /** The longest lifetime of an identity token accepted, and signed, in seconds (identityMaxLifetime). */
  identityMaxLifetimeSeconds: number;
  /** The wallet service's route prefix (--wallet-prefix): {prefix}/balance, {prefix}/transactions. */
  walletPrefix: string;
  /** The sandbox controls' token, for the request journal (sent only where the controls ask for it). */
  controlToken: string;
  /** Where the chat embed lives: the embed URLs are built on it. */
  embedBase: string;
  /** The folder of action definitions the agent uses. */
  actionsDir: string;
  /**
   * Where the sandbox of the data dir answers now (its lock file), when the UI was opened on the
   * data dir rather than on URLs: a sandbox restarted on other ports is followed. Absent: the URLs are fixed.
   */
  findSandbox?: () => Promise<ServiceUrls | undefined>;
  /**
   * What `sandbox start` printed (the start banner: URLs, demo users and passwords, the tokens,
   * the OAuth client, the chat embed preview), when the UI started the sandbox (`start --ui`): the
   * Sandbox screen shows it, and is shown first. Absent: the UI joined servers already running.
   */
  banner?: string;
  /** The data dir of the sandbox the UI joined (`sandbox ui` without URLs): where its start banner went. */
  dataDir?: string;
  /** NO_COLOR: draw without colours. */
  noColor: boolean;
}
