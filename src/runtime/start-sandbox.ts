/**
 * The sandbox from code: `import { startSandbox } from "agent-commerce-sandbox"` starts the three servers
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

/** How the `only` setting names servers: "storefront,wallet", or ["storefront", "wallet"]. */
export type ServiceList = string | readonly string[];

/** `Only` is the type of the `only` setting, by which the started sandbox's `urls` are typed. */
export interface StartSandboxOptions<Only extends ServiceList | undefined = ServiceList | undefined> {
  /**
   * Settings by their config-file keys (`storefrontPort`, `tokenTtl`, `only`, …; see the README's
   * settings table), in the forms the config file takes. Only these count: neither the
   * environment nor a sandbox.config.json is read, so a test runs the same everywhere.
   * Ports default to 0 (free ones).
   */
  settings?: Partial<Record<Exclude<OptionKey, "only">, unknown>> & { only?: Only };
  /** The data dir; default a new temporary one, removed by close(). */
  dataDir?: string;
  /** Where server errors and the start's warnings are reported; default stderr. */
  logError?: (message: string) => void;
}

/**
 * The servers a sandbox runs when `only` has this type: all three when it is not given, those it
 * names when it is a literal ("storefront,wallet", or an array), and none for certain when it is
 * known only at run time.
 */
export type StartedServices<Only extends ServiceList | undefined> = [Only] extends [undefined]
  ? ServiceName
  : Only extends string
    ? string extends Only
      ? never
      : Extract<NamesInList<Only>, ServiceName>
    : Only extends readonly (infer Name extends string)[]
      ? string extends Name
        ? never
        : Extract<Name, ServiceName>
      : never;

/** "storefront, wallet" as its names, as the `only` setting splits it. */
type NamesInList<List extends string> = List extends `${infer Head},${infer Rest}`
  ? Trimmed<Head> | NamesInList<Rest>
  : Trimmed<List>;

type Trimmed<Text extends string> = Text extends ` ${infer Rest}`
  ? Trimmed<Rest>
  : Text extends `${infer Rest} `
    ? Trimmed<Rest>
    : Text;

/** Where each running server listens: a string for each server started, so strict TypeScript takes `urls.storefront` as one. */
export type SandboxUrls<Started extends ServiceName> = Record<Started, string> & Partial<Record<ServiceName, string>>;

/** A started sandbox: where it runs, its users and secrets, its controls, and the helpers of a test (signIn, asAgent, cartStream); `Started` names the servers it runs (all three by default). */
export interface StartedSandbox<Started extends ServiceName = ServiceName> extends SandboxHelpers {
  /** Where each running server listens, with the port it got. */
  urls: SandboxUrls<Started>;
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

export function startSandbox<const Only extends ServiceList | undefined = undefined>(
  options: StartSandboxOptions<Only> = {},
): Promise<StartedSandbox<StartedServices<Only>>> {
  return startSandboxSaying(options, (id) => `Remove it with: sandbox.controls.clearFaults("${id}")`);
}

/**
 * startSandbox, for the package's own commands (`sandbox run`), whose faults' answers say in the
 * command's words how a fault is removed: `faultHint` makes that sentence from the fault's id.
 */
export async function startSandboxSaying<const Only extends ServiceList | undefined = undefined>(
  options: StartSandboxOptions<Only>,
  faultHint: (id: string) => string,
): Promise<StartedSandbox<StartedServices<Only>>> {
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
    starting = launchSandbox(config, { logError, faultHint });
    const { sandbox, warnings } = await starting;
    // A test's first request finds the servers warm, not paying for what any first sign-in loads.
    await sandbox.warmUp();
    if (stoppedBy) throw userError("sandbox_stopped", `The sandbox was stopped by ${stoppedBy} while it started.`);
    for (const warning of warnings) logError(warning);
    const { urls } = sandbox;
    return {
      ...sandboxHelpers({ urls, users: sandbox.users, serviceToken: config.bffServiceToken }),
      // The servers started are those `only` names, which the config parsed: the type says so.
      urls: urls as SandboxUrls<StartedServices<Only>>,
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
