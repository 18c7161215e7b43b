/**
 * How reliably the scenarios pass when each runs k times (`sandbox run --repeat k`): a scenario is
 * a task, and the suite is scored as τ-bench scores an agent (Yao et al., 2024, "τ-bench: A
 * Benchmark for Tool-Agent-User Interaction in Real-World Domains"): pass^k, the chance that a
 * task passes k runs in a row, and pass^1, the chance that one run passes.
 */
import type { ScenarioResult } from "./run.ts";

/** What one task's runs gave: passed + failed + notRun is the number of runs. */
export interface TaskScore {
  name: string;
  file: string;
  passed: number;
  failed: number;
  /** Runs --bail or an interruption left unrun: scored as runs that did not pass. */
  notRun: number;
}

/** The suite's score: the figures `sandbox run --repeat` prints, and its `--json` holds beside the results. */
export interface SuiteScore {
  /** How many times each task ran (--repeat). */
  repeat: number;
  /** pass^k, k = repeat: the share of tasks that passed all their runs. */
  passHatK: number;
  /** pass^1: the mean, over the tasks, of the share of each one's runs that passed. */
  passHat1: number;
  tasks: TaskScore[];
}

/**
 * τ-bench's pass^k of tasks that each ran `runs` times, `passes[i]` of them passing: the mean,
 * over the tasks, of C(passes, k) / C(runs, k), the chance that k runs drawn from a task's runs
 * all passed. With k = runs that is the share of tasks that passed every run; with k = 1 the mean
 * share of runs that passed.
 */
export function passHat(passes: readonly number[], runs: number, k: number): number {
  const each = passes.map((passed) => choose(passed, k) / choose(runs, k));
  return each.reduce((sum, chance) => sum + chance, 0) / passes.length;
}

/** C(n, k): how many ways to choose k of n. */
function choose(n: number, k: number): number {
  if (k > n) return 0;
  let ways = 1;
  for (let i = 1; i <= k; i++) ways = (ways * (n - k + i)) / i;
  return ways;
}

/**
 * The score of the results of a run, as `runScenarios` and `sandbox run --json` give them: task
 * by task, each task's runs in a row (`run` 1 to `repeat`); results without `repeat` are tasks
 * that ran once.
 */
export function scoreRuns(results: readonly ScenarioResult[]): SuiteScore {
  const repeat = results[0]?.repeat ?? 1;
  const tasks: TaskScore[] = [];
  for (let first = 0; first < results.length; first += repeat) {
    const runs = results.slice(first, first + repeat);
    const passed = runs.filter((result) => result.ok).length;
    const notRun = runs.filter((result) => result.notRun).length;
    const { name, file } = runs[0]!;
    tasks.push({ name, file, passed, failed: runs.length - passed - notRun, notRun });
  }
  const passes = tasks.map((task) => task.passed);
  return { repeat, passHatK: passHat(passes, repeat, repeat), passHat1: passHat(passes, repeat, 1), tasks };
}
