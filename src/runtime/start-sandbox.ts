/**
 * The sandbox from code: `import { startSandbox } from "agent-sandbox"` starts the three servers
 * in this process on free ports, for a test suite that wants its own sandbox.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { ControlsClient } from "../client/controls-client.ts";
import { loadConfig, refuseUnknownSettings } from "../config/load.ts";
import type { OptionKey } from "../config/options.ts";
import { userError } from "../errors.ts";
import { type ExitSignal, registerCleanup } from "../exit-cleanup.ts";
import type { ServiceName } from "../service-names.ts";
import { makeTempDir } from "../temp-dirs.ts";
import type { DemoUser } from "../users.ts";
import { type LaunchedSandbox, launchSandbox } from "./launch.ts";
import { type SandboxHelpers, sandboxHelpers } from "./sandbox-helpers.ts";

export interface StartSandboxOptions {
  /**
   * Settings by their config-file keys (`storefrontPort`, `tokenTtl`, `only`, …; see the README's
   * settings table), in the forms the config file takes. Only these count: neither the
   * environment nor a sandbox.config.json is read, so a test runs the same everywhere.
   * Ports default to 0 (free ones).
   */
  settings?: Partial<Record<OptionKey, unknown>>;
  /** The data dir; default a new temporary one, removed by close(). */
  dataDir?: string;
  /** Where server errors and the start's warnings are reported; default stderr. */
  logError?: (message: string) => void;
}

/** A started sandbox: where it runs, its users and secrets, its controls, and the helpers of a test (signIn, asAgent, cartStream). */
export interface StartedSandbox extends SandboxHelpers {
  /** Where each running server listens, with the port it got. */
  urls: Partial<Record<ServiceName, string>>;
  /** The demo users, with their passwords. */
  users: DemoUser[];
  /** The secrets the servers use: the agent's service token, the embed identity signing secret, the JWT secrets, the control token. */
  secrets: {
    bffServiceToken: string;
    signingSecret: string;
    storefrontJwtSecret: string;
    walletJwtSecret: string;
    controlToken: string;
  };
  /** The path prefix of the wallet's routes (the `walletPrefix` setting: /api/wallet unless set). */
  walletPrefix: string;
  /** A typed client of this sandbox's /__sandbox/ controls. */
  controls: ControlsClient;
  dataDir: string;
  /**
   * Stops the servers once pending writes are on disk, and removes a temporary data dir. A
   * SIGINT, SIGTERM or SIGHUP does the same first (and then ends the process, unless something
   * else of it listens to the signal: a test runner); once closed, close() resolves at once.
   */
  close(): Promise<void>;
}

/** What startSandbox takes besides the settings: a key of its own that is none of these is a mistake. */
const START_OPTIONS: readonly string[] = ["settings", "dataDir", "logError"] satisfies (keyof StartSandboxOptions)[];

export async function startSandbox(options: StartSandboxOptions = {}): Promise<StartedSandbox> {
  // Plain JavaScript has no type to catch a misspelt setting: it would be ignored without a word.
  refuseUnknownSettings(options.settings ?? {}, "in startSandbox's settings");
  const misplaced = Object.keys(options).filter((key) => !START_OPTIONS.includes(key));
  if (misplaced.length > 0)
    throw userError(
      "config_invalid",
      `startSandbox takes ${START_OPTIONS.join(", ")}; got ${misplaced.map((key) => `"${key}"`).join(", ")}: a setting goes in settings, as in startSandbox({ settings: { ${misplaced[0]}: … } }).`,
      { exitCode: 2 },
    );
  const temporary = options.dataDir === undefined ? await makeTempDir("agent-sandbox-") : undefined;
  const dataDir = options.dataDir ?? temporary!.path;
  let starting: Promise<LaunchedSandbox> | undefined;
  let stoppedBy: ExitSignal | undefined;
  let closing: Promise<void> | undefined;
  // Once, whoever asks first (the caller, a signal, a failed start): the servers stop once a start
  // under way is done, then the temporary data dir goes whatever happened.
  const close = () =>
    (closing ??= (async () => {
      unregister();
      try {
        await (await starting?.catch(() => undefined))?.close();
      } finally {
        await temporary?.remove();
      }
      // The rm resolves inside the callback of its last request, which the process counts as
      // active until that returns: leave it first, so that nothing of the sandbox's is left.
      await nextTurn();
    })());
  const unregister = registerCleanup({
    onSignal: (signal) => {
      stoppedBy = signal;
      return close();
    },
  });
  try {
    const config = await loadConfig({
      env: {},
      cwd: dataDir,
      flags: { storefrontPort: 0, walletPort: 0, hostPort: 0, ...options.settings, dataDir },
    });
    const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
    starting = launchSandbox(config, { logError });
    const { sandbox, warnings } = await starting;
    if (stoppedBy) throw userError("sandbox_stopped", `The sandbox was stopped by ${stoppedBy} while it started.`);
    for (const warning of warnings) logError(warning);
    const { urls } = sandbox;
    return {
      ...sandboxHelpers({ urls, users: sandbox.users, serviceToken: config.bffServiceToken }),
      urls,
      users: sandbox.users,
      secrets: {
        bffServiceToken: config.bffServiceToken,
        signingSecret: config.signingSecret,
        storefrontJwtSecret: config.storefrontJwtSecret,
        walletJwtSecret: config.walletJwtSecret,
        controlToken: config.controlToken,
      },
      walletPrefix: config.walletPrefix,
      // The token matters only off loopback, where the controls demand it; sending it always is harmless.
      controls: new ControlsClient(Object.values(urls)[0]!, config.controlToken),
      dataDir: sandbox.dataDir,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
