/**
 * Scenario files to results: what `sandbox run` does between its flags and its reports, and what
 * the package's `runScenarios()` is. One implementation, so that the function's results are those
 * of `sandbox run --json`.
 */

import { processSettingsSources } from "../config/load.ts";
import { userError } from "../errors.ts";
import { packagePath } from "../package-files.ts";
import type { AgentCommand } from "./agent-process.ts";
import { loadScenario, ScenarioFileError } from "./load.ts";
import { agentNeeded, runScenario, type ScenarioResult, type Servers } from "./run.ts";
import type { Scenario } from "./scenario.ts";
import { runScenarios } from "./schedule.ts";
import { NO_AGENT } from "./state.ts";

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

/** The say steps that cannot run for want of an agent under test: one line each, said before anything runs. */
export function agentProblems(scenarios: readonly Scenario[], agent: AgentCommand | undefined): string[] {
  if (agent) return [];
  return scenarios.flatMap((scenario) =>
    agentNeeded(scenario).map((pointer) => `${scenario.file}: ${pointer}: ${NO_AGENT}`),
  );
}

export interface RunLoadedOptions {
  /** Servers already running; without them each scenario gets a sandbox of its own. */
  servers?: Servers;
  jobs: number;
  /** Runs of each scenario (--repeat), each on a sandbox of its own: 1 against given servers. */
  repeat: number;
  bail: boolean;
  stepTimeoutMs?: number;
  agent?: AgentCommand;
  signal: AbortSignal;
  logError(message: string): void;
  onResult(result: ScenarioResult): void;
  say(line: string): void;
}

/**
 * Runs loaded scenarios, each `repeat` times, up to `jobs` runs at once, and answers their results
 * in the files' order, each scenario's runs in a row: what src/scenario/score.ts scores. A run is
 * scheduled as a scenario of its own, so --jobs, --bail and the reruns of a process out of
 * descriptors treat every run alike.
 */
export async function runLoadedScenarios(
  scenarios: readonly Scenario[],
  options: RunLoadedOptions,
): Promise<ScenarioResult[]> {
  const { servers, logError, stepTimeoutMs, repeat, agent } = options;
  const runs = scenarios.flatMap((scenario) => Array.from({ length: repeat }, () => scenario));
  // The schedule answers in order, once each: the n-th result is run n % repeat + 1 of its scenario.
  let reported = 0;
  const numbered = (result: ScenarioResult, index: number): ScenarioResult =>
    repeat === 1 ? result : { ...result, run: (index % repeat) + 1, repeat };
  const results = await runScenarios(
    runs,
    (scenario, signal) => runScenario(scenario, { servers, logError, signal, stepTimeoutMs, agent }),
    {
      jobs: options.jobs,
      bail: options.bail,
      // Reruns are for sandboxes of their own, where nothing of a first run is left.
      rerun: servers === undefined,
      signal: options.signal,
      onResult: (result) => options.onResult(numbered(result, reported++)),
      say: options.say,
    },
  );
  return results.map(numbered);
}

/** What the package's runScenarios() takes: `sandbox run`'s flags, by their names. */
export interface RunScenariosOptions {
  /** Most scenario runs at once, each on a sandbox of its own (--jobs); default 1. */
  jobs?: number;
  /**
   * Runs of each scenario, each on a sandbox of its own (--repeat); default 1. Above 1 each result
   * says which run it is (`run`, `repeat`), and the package's scoreRuns() gives pass^k and pass^1.
   */
  repeat?: number;
  /** Start no scenario after one fails; the rest are listed as not run (--bail). */
  bail?: boolean;
  /** A step's timeout in ms where the step sets none (--step-timeout); default 30000, 60000 for a say step. */
  stepTimeout?: number;
  /** The agent under test, as a command line the shell runs, which say steps talk to (--agent); run in the current directory. */
  agent?: string;
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
  const jobs = wholeNumberOption("jobs", options.jobs);
  const repeat = wholeNumberOption("repeat", options.repeat);
  const loaded = await loadScenarioFiles(files);
  // The package's caller gives the agent's command; its environment and folder are this process's.
  const agent = options.agent === undefined ? undefined : { command: options.agent, ...processSettingsSources() };
  if (loaded.problems) refuseFiles(loaded.problems);
  const { scenarios } = loaded;
  const withoutAgent = agentProblems(scenarios, agent);
  if (withoutAgent.length > 0) refuseFiles(withoutAgent);
  const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
  return runLoadedScenarios(scenarios, {
    jobs,
    repeat,
    bail: Boolean(options.bail),
    stepTimeoutMs: options.stepTimeout,
    agent,
    signal: options.signal ?? new AbortController().signal,
    logError,
    onResult: options.onResult ?? (() => {}),
    say: logError,
  });
}

/** An option of runScenarios' that counts (jobs, repeat): 1 when not given. */
function wholeNumberOption(name: string, value: number | undefined): number {
  if (value === undefined) return 1;
  if (!Number.isInteger(value) || value < 1)
    throw userError("config_invalid", `runScenarios' ${name} is a whole number from 1; got ${String(value)}.`);
  return value;
}

function refuseFiles(problems: string[]): never {
  throw userError("scenario_invalid", `${problems.join("\n")}\nNothing ran: ${FIX_THE_FILES}.`, {
    details: { problems },
  });
}
