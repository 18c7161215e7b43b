import { ControlsClient } from "../client/controls-client.ts";
import { messageOf } from "../errors.ts";
import { runningSandbox } from "../sandbox-lock.ts";
import { controlsNeeded, type Servers, serversMissing } from "../scenario/run.ts";
import type { Scenario } from "../scenario/scenario.ts";
import { destructiveParts } from "../scenario/shared-sandbox.ts";
import { SERVICE_NAMES, type ServiceUrls } from "../service-names.ts";
import { silentServers } from "./check-preflight.ts";
import { loadCommandConfig } from "./command-config.ts";
import type { CliIo } from "./io.ts";
import { parseUrls } from "./server-urls.ts";

/** The flags of `sandbox run` that say which servers the scenarios run against. */
export interface TargetFlags {
  dataDir?: string;
  config?: string;
  storefront?: string;
  wallet?: string;
  host?: string;
  serviceToken?: string;
  controlToken?: string;
  /** Runs of each scenario (--repeat): more than one needs fresh data each time, a sandbox of each run's own. */
  repeat?: number;
}

/**
 * Where `sandbox run` runs its scenarios: a sandbox of each one's own (`servers` undefined), or
 * servers already running: the sandbox on --data-dir, or those --storefront/--wallet/--host
 * name. `servers.controlToken` is set when their controls answer and the scenarios use them:
 * then they run one at a time (`shared`). `refused` holds the lines that stop the run before
 * anything runs.
 */
export type RunTarget = { servers?: Servers; shared: boolean; refused?: undefined } | { refused: string[] };

export async function runTarget(flags: TargetFlags, scenarios: readonly Scenario[], io: CliIo): Promise<RunTarget> {
  const given = parseUrls({ storefront: flags.storefront, wallet: flags.wallet, host: flags.host });
  const byUrl = Object.keys(given).length > 0;
  if (byUrl && flags.dataDir !== undefined)
    return {
      refused: ["--data-dir finds a running sandbox, --storefront/--wallet/--host name servers: give one or the other"],
    };
  if (!byUrl && flags.dataDir === undefined) return { shared: false };
  // Servers already running keep what a run did, and their data is not ours to reset: no fresh data for the next run.
  if ((flags.repeat ?? 1) > 1)
    return {
      refused: [
        `--repeat ${flags.repeat} runs each scenario on fresh data, a sandbox of each run's own; ${byUrl ? "the servers --storefront/--wallet/--host name" : "a running sandbox (--data-dir)"} would keep what each run did, and their data is not the run's to reset: run without ${byUrl ? "--storefront/--wallet/--host" : "--data-dir"} to repeat, or without --repeat`,
      ],
    };
  // The servers' settings are the ones `start` would use (BFF_SERVICE_TOKEN, CONTROL_TOKEN, WALLET_PREFIX, sandbox.config.json).
  const config = await loadCommandConfig({ dataDir: flags.dataDir, config: flags.config }, io);
  let urls = given;
  if (!byUrl) {
    const running = await runningSandbox(config.dataDir);
    if (!running?.urls)
      return {
        refused: [
          `No sandbox runs on ${config.dataDir}: start one with npx sandbox start --data-dir ${config.dataDir} --detach (or point --data-dir at its data dir)`,
        ],
      };
    urls = serverUrls(running.urls);
  }
  const servers: Servers = {
    urls,
    serviceToken: flags.serviceToken ?? config.bffServiceToken,
    walletPrefix: config.walletPrefix,
    // The running sandbox's, which an agent under test is told; servers given by URL keep theirs.
    ...(byUrl ? {} : { dataDir: config.dataDir, signingSecret: config.signingSecret }),
  };
  const without = byUrl ? "--storefront/--wallet/--host" : "--data-dir";
  const where = byUrl ? "the given servers" : `the sandbox on ${config.dataDir}`;
  const refused = scenarios.flatMap((scenario) => [
    ...destructiveParts(scenario).map(
      (part) =>
        `${scenario.file}: ${part} of ${where}, which others may rely on: remove it, or run the scenario without ${without}, against a sandbox of its own`,
    ),
    ...missingLines(scenario, urls, byUrl ? undefined : where),
  ]);
  // A server that does not answer at all is said once, up front, rather than as each step's failure.
  if (refused.length === 0) refused.push(...(await silentServers(urls, 10_000)).map((server) => server.message));
  if (refused.length > 0) return { refused };
  const needing = scenarios.filter((scenario) => controlsNeeded(scenario).length > 0);
  // Servers by URL may be a deployment with no controls: asked only when a scenario needs them.
  if (byUrl && needing.length === 0) return { servers, shared: false };
  const controlToken = flags.controlToken ?? config.controlToken;
  const closed = await controlsProblem(urls, controlToken);
  if (closed === undefined) return { servers: { ...servers, controlToken }, shared: true };
  if (needing.length === 0) return { servers, shared: false };
  return {
    refused: needing.map(
      (scenario) =>
        `${scenario.file}: needs the sandbox's controls (${controlsNeeded(scenario).join(", ")}), which ${closed}: run it against a sandbox whose controls answer (with its token in --control-token or CONTROL_TOKEN), or without ${without}, against a sandbox of its own`,
    ),
  };
}

/** The lock's URLs of the servers a scenario talks to. */
function serverUrls(lockUrls: Record<string, string>): ServiceUrls {
  return Object.fromEntries(SERVICE_NAMES.filter((name) => lockUrls[name]).map((name) => [name, lockUrls[name]]));
}

/** The servers a scenario sends to that are not there: not given (add their flags), or not run by the sandbox found. */
function missingLines(scenario: Scenario, urls: ServiceUrls, sandbox?: string): string[] {
  const missing = serversMissing(scenario, urls);
  if (missing.length === 0) return [];
  return [
    sandbox
      ? `${scenario.file}: sends to ${missing.join(", ")}, which ${sandbox} does not run (started with --only?)`
      : `${scenario.file}: sends to ${missing.join(", ")}, not given: add ${missing.map((server) => `--${server} <url>`).join(" ")}`,
  ];
}

/** Why the servers' controls do not answer GET /__sandbox/health (closed, or the token refused); undefined when they do. */
async function controlsProblem(urls: ServiceUrls, token: string): Promise<string | undefined> {
  // Any server answers the controls, as the scenario's own client will ask them.
  const url = urls.storefront ?? urls.wallet ?? urls.host ?? "";
  try {
    await new ControlsClient(url, token).health();
    return undefined;
  } catch (error) {
    return `${url} does not answer (${messageOf(error)})`;
  }
}
