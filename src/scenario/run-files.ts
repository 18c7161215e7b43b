/**
 * Scenario files to results: what `sandbox run` does between its flags and its reports, and what
 * the package's `runScenarios()` is. One implementation, so that the function's results are those
 * of `sandbox run --json`.
 */

import { userError } from "../errors.ts";
import { packagePath } from "../package-files.ts";
import { loadScenario, ScenarioFileError } from "./load.ts";
import { runScenario, type ScenarioResult, type Servers } from "./run.ts";
import type { Scenario } from "./scenario.ts";
import { runScenarios } from "./schedule.ts";

/** What to do when a file cannot run: said with each problem, and nothing runs. */
export const FIX_THE_FILES = `fix the files above (${packagePath("docs/scenarios.md")} describes each step; ${packagePath("docs/scenario.schema.json")} is the schema)`;

/** Every file read and checked: the scenarios, or every problem of every file (`file: /pointer: what`). */
export async function loadScenarioFiles(
  files: readonly string[],
): Promise<{ scenarios: Scenario[]; problems?: never } | { problems: string[] }> {
  const scenarios: Scenario[] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      scenarios.push(await loadScenario(file));
    } catch (error) {
      if (!(error instanceof ScenarioFileError)) throw error;
      problems.push(...error.problems.map((problem) => `${file}: ${problem}`));
    }
  }
  return problems.length > 0 ? { problems } : { scenarios };
}

export interface RunLoadedOptions {
  /** Servers already running; without them each scenario gets a sandbox of its own. */
  servers?: Servers;
  jobs: number;
  bail: boolean;
  stepTimeoutMs?: number;
  signal: AbortSignal;
  logError(message: string): void;
  onResult(result: ScenarioResult): void;
  say(line: string): void;
}

/** Runs loaded scenarios, up to `jobs` at once, and answers their results in the files' order. */
export function runLoadedScenarios(
  scenarios: readonly Scenario[],
  options: RunLoadedOptions,
): Promise<ScenarioResult[]> {
  const { servers, logError, stepTimeoutMs } = options;
  return runScenarios(
    scenarios,
    (scenario, signal) => runScenario(scenario, { servers, logError, signal, stepTimeoutMs }),
    {
      jobs: options.jobs,
      bail: options.bail,
      // Reruns are for sandboxes of their own, where nothing of a first run is left.
      rerun: servers === undefined,
      signal: options.signal,
      onResult: options.onResult,
      say: options.say,
    },
  );
}

/** What the package's runScenarios() takes: `sandbox run`'s flags, by their names. */
export interface RunScenariosOptions {
  /** Most scenarios running at once, each on a sandbox of its own (--jobs); default 1. */
  jobs?: number;
  /** Start no scenario after one fails; the rest are listed as not run (--bail). */
  bail?: boolean;
  /** A step's timeout in ms where the step sets none (--step-timeout); default 30000. */
  stepTimeout?: number;
  /** Aborting it starts no more scenarios and cuts short those running; their results say so. */
  signal?: AbortSignal;
  /** Each result, in the files' order, as soon as it and those before it are done. */
  onResult?: (result: ScenarioResult) => void;
  /** Where the servers' errors and the runner's notes go; default stderr. */
  logError?: (message: string) => void;
}

/**
 * The package's runScenarios(): the results `sandbox run --json` prints. Files that cannot run
 * reject with a SandboxError `scenario_invalid` naming each problem, before anything runs.
 */
export async function runScenarioFiles(
  files: readonly string[],
  options: RunScenariosOptions = {},
): Promise<ScenarioResult[]> {
  const jobs = options.jobs ?? 1;
  if (!Number.isInteger(jobs) || jobs < 1)
    throw userError("config_invalid", `runScenarios' jobs is a whole number from 1; got ${String(options.jobs)}.`);
  const loaded = await loadScenarioFiles(files);
  if (loaded.problems)
    throw userError("scenario_invalid", `${loaded.problems.join("\n")}\nNothing ran: ${FIX_THE_FILES}.`, {
      details: { problems: loaded.problems },
    });
  const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
  return runLoadedScenarios(loaded.scenarios, {
    jobs,
    bail: Boolean(options.bail),
    stepTimeoutMs: options.stepTimeout,
    signal: options.signal ?? new AbortController().signal,
    logError,
    onResult: options.onResult ?? (() => {}),
    say: logError,
  });
}
