import { ControlsClient } from "../client/controls-client.ts";
import { startSandboxSaying } from "../runtime/start-sandbox.ts";
import type { ServiceUrls } from "../service-names.ts";

/** Servers already running (a sandbox, a staging deployment) that scenarios run against, instead of a sandbox of their own. */
export interface Servers {
  urls: ServiceUrls;
  /** The agent's service token (BFF_SERVICE_TOKEN), for the agent's requests. */
  serviceToken: string;
  walletPrefix: string;
  /** Set when their controls answer (a running sandbox): the scenario uses them, with this token, and their clock. */
  controlToken?: string;
  /** The sandbox's data dir and embed identity signing secret, when known: the agent under test is told them. */
  dataDir?: string;
  signingSecret?: string;
}

/** The servers a scenario talks to, and what acts on them. */
export interface Target extends Servers {
  controls: ControlsClient;
  /** Servers the scenario did not start and whose controls are not known to answer: their clock is their own. */
  given: boolean;
  close(): Promise<void>;
}

export function givenServers(servers: Servers): Target {
  // Any server answers the controls; a scenario's servers are given with at least one URL.
  const any = servers.urls.storefront ?? servers.urls.wallet ?? servers.urls.host ?? "";
  const controls = new ControlsClient(any, servers.controlToken);
  return { ...servers, controls, given: servers.controlToken === undefined, close: async () => {} };
}

/**
 * A sandbox of the scenario's own, started by the runtime as `startSandbox` starts one: every
 * server on free ports, a temporary data dir removed on close. A server's error (a 500's stack)
 * goes to `logError`, so that a bug behind a failed step is seen.
 */
export async function freshSandbox(logError: (message: string) => void): Promise<Target> {
  const sandbox = await startSandboxSaying(
    { settings: { only: "storefront,wallet,host" }, logError },
    (id) => `Remove it with the scenario's fault step: fault: { clear: ${id} }`,
  );
  return {
    urls: sandbox.urls,
    controls: sandbox.controls,
    serviceToken: sandbox.secrets.bffServiceToken,
    walletPrefix: sandbox.walletPrefix,
    controlToken: sandbox.secrets.controlToken,
    dataDir: sandbox.dataDir,
    signingSecret: sandbox.secrets.signingSecret,
    given: false,
    close: () => sandbox.close(),
  };
}
