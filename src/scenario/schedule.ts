import { setMaxListeners } from "node:events";
import { describeShortage, descriptorLimit, descriptorShortages, descriptorsLeft } from "../descriptors.ts";
import type { ExitSignal } from "../exit-cleanup.ts";
import { jose } from "../jose.ts";
import { actionValidatorOf, conforms } from "../json-validator.ts";
import { failureOf, notRunResult, type ScenarioResult } from "./run.ts";
import type { Scenario } from "./scenario.ts";

export interface ScheduleOptions {
  /** Most scenarios running at once (--jobs), until the process runs out of file descriptors. */
  jobs: number;
  /** Start no scenario after one fails (--bail): the rest are listed as not run. */
  bail: boolean;
  /**
   * A scenario that failed while the process was out of descriptors may run again, once fewer
   * run: true on sandboxes of their own, where nothing of a first run is left (against given
   * servers, a step may have changed what the next run would see).
   */
  rerun: boolean;
  /** Aborted with the signal that interrupted the run: no scenario starts after it. */
  signal: AbortSignal;
  /** Each result, in the files' order, as soon as it and those before it are done. */
  onResult(result: ScenarioResult): void;
  /** A line for the person running them: how many run at once from here, and why. */
  say(line: string): void;
}

type Run = (scenario: Scenario, signal: AbortSignal) => Promise<ScenarioResult>;

/**
 * Runs the scenarios, up to `jobs` at once, and answers every result in the files' order: those
 * --bail or an interruption left unrun are listed as such, so none goes missing.
 *
 * Each scenario's sandbox takes file descriptors (its listening sockets, the connections of both
 * ends, its data files), and a process has a limit (`ulimit -n`: 256 on macOS by default). So no
 * more start at once than the descriptors left can take, at DESCRIPTORS_PER_SCENARIO each; and
 * when a shortage shows all the same while they run (src/descriptors.ts), half as many as ran at
 * once with the one that failed run from then on, and that one runs again: each rerun runs with
 * at most half as many as before, so reruns end, at the latest once one runs alone.
 */
export function runScenarios(
  scenarios: readonly Scenario[],
  run: Run,
  options: ScheduleOptions,
): Promise<ScenarioResult[]> {
  const results: (ScenarioResult | undefined)[] = scenarios.map(() => undefined);
  const waiting = scenarios.map((_, index) => index);
  /** Each running scenario: the most that ran at once while it ran, and the shortages noted before it started. */
  const running = new Map<number, { peak: number; shortagesBefore: number }>();
  let limit = jobsThatFit(Math.min(options.jobs, scenarios.length), options.say);
  // Each running scenario listens to the signal twice while a step runs (its wait for the step, and
  // the step's own abort), and the schedule once.
  setMaxListeners(2 * limit + 1, options.signal);
  loadOnDemandModules();
  let reported = 0;
  let bailed = false;

  return new Promise((resolve) => {
    const settle = (index: number, result: ScenarioResult) => {
      results[index] = result;
      for (let next = results[reported]; next !== undefined; next = results[reported]) {
        options.onResult(next);
        reported++;
      }
    };
    const pump = () => {
      const halted = bailed || options.signal.aborted;
      while (!halted && running.size < limit && waiting.length > 0) start(waiting.shift()!);
      if (running.size > 0) return;
      const interrupted = options.signal.aborted ? (options.signal.reason as ExitSignal) : undefined;
      for (const index of waiting.splice(0)) settle(index, notRunResult(scenarios[index]!, interrupted));
      resolve(results as ScenarioResult[]);
    };
    const start = (index: number) => {
      running.set(index, { peak: 0, shortagesBefore: descriptorShortages().count });
      for (const each of running.values()) each.peak = Math.max(each.peak, running.size);
      const scenario = scenarios[index]!;
      // runScenario reports what goes wrong in its result; a rejection is a bug of the runner's, reported as one.
      void run(scenario, options.signal)
        .catch((error: unknown) => bugResult(scenario, error))
        .then((result) => {
          const { peak, shortagesBefore } = running.get(index)!;
          running.delete(index);
          const shortages = descriptorShortages();
          if (!result.ok && shortages.count > shortagesBefore && !options.signal.aborted) {
            const lower = Math.max(1, Math.floor(peak / 2));
            if (lower < limit) {
              limit = lower;
              options.say(
                `sandbox run: ${describeShortage(shortages.last)} with ${peak} scenarios running at once: from here at most ${limit} run at once${options.rerun ? ", and the scenarios it failed run again" : ""}. Raise the limit, or lower --jobs.`,
              );
            }
            if (options.rerun && peak > 1) {
              waiting.splice(insertAt(waiting, index), 0, index);
              return pump();
            }
          }
          settle(index, result);
          if (!result.ok && options.bail) bailed = true;
          pump();
        });
    };
    pump();
  });
}

/**
 * Descriptors a scenario's sandbox may hold at once: the example scenarios hold 13 to 26 beside
 * the ~18 of the process itself (its listening sockets, the keep-alive connections of both ends,
 * a cart stream, a data file being written); the rest is room for scenarios with more streams.
 */
export const DESCRIPTORS_PER_SCENARIO = 40;
/** Descriptors kept free for the process itself: a module it loads, a report it writes. */
const DESCRIPTORS_KEPT = 64;

/** As many of `jobs` as the descriptors left can take (at least one); says so when that is fewer. */
function jobsThatFit(jobs: number, say: (line: string) => void): number {
  const left = descriptorsLeft();
  if (left === undefined) return jobs;
  const fit = Math.max(1, Math.floor((left - DESCRIPTORS_KEPT) / DESCRIPTORS_PER_SCENARIO));
  if (fit >= jobs) return jobs;
  say(
    `sandbox run: ${jobs} scenarios at once would take about ${jobs * DESCRIPTORS_PER_SCENARIO} file descriptors, and this process may open ${left} more (ulimit -n is ${descriptorLimit()}): at most ${fit} run at once. Raise the limit to run more.`,
  );
  return fit;
}

/**
 * Loads now what the sandboxes load at their first use (jose, Ajv): a module that Node fails to
 * load while the process is out of descriptors stays "not found" for the rest of the process.
 */
function loadOnDemandModules(): void {
  jose();
  conforms({ type: "null" }, null);
  actionValidatorOf({});
}

/** Where `index` goes back among the waiting ones, so that they start in the files' order. */
function insertAt(waiting: readonly number[], index: number): number {
  const at = waiting.findIndex((each) => each > index);
  return at === -1 ? waiting.length : at;
}

function bugResult(scenario: Scenario, error: unknown): ScenarioResult {
  return {
    name: scenario.name,
    file: scenario.file,
    ok: false,
    steps: [{ index: 0, label: "run the scenario", ok: false, ...failureOf(error) }],
    durationMs: 0,
  };
}
