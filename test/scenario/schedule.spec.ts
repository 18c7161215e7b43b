import assert from "node:assert/strict";
import { test } from "node:test";
import { setImmediate as nextTurn } from "node:timers/promises";
import { noteDescriptorShortage } from "../../src/descriptors.ts";
import type { ScenarioResult } from "../../src/scenario/run.ts";
import type { Scenario } from "../../src/scenario/scenario.ts";
import { runScenarios, type ScheduleOptions } from "../../src/scenario/schedule.ts";

const scenarios: Scenario[] = Array.from({ length: 6 }, (_, index) => ({
  name: `flow ${index + 1}`,
  file: `flow-${index + 1}.yaml`,
  steps: [],
}));

function resultOf(scenario: Scenario, ok: boolean): ScenarioResult {
  const step = { index: 1, label: "GET storefront /health", ok, detail: ok ? "200" : "no answer: other side closed" };
  return { name: scenario.name, file: scenario.file, ok, steps: [step], durationMs: 1 };
}

/**
 * Scenarios that fail while more than `fit` run at once, as a process out of descriptors makes
 * them fail: one of them notes the shortage (its client's connect got EMFILE), the others see a
 * connection closed (the server could not accept it). Each run is counted.
 */
function crowdedRun(fit: number) {
  /** The most that ran at once while each running one ran. */
  const running = new Set<{ most: number }>();
  const runs: string[] = [];
  const run = async (scenario: Scenario) => {
    runs.push(scenario.file);
    const mine = { most: 0 };
    running.add(mine);
    for (const each of running) each.most = Math.max(each.most, running.size);
    await nextTurn(); // the others start meanwhile
    running.delete(mine);
    const crowded = mine.most > fit;
    if (crowded && scenario === scenarios[0])
      noteDescriptorShortage(Object.assign(new Error("connect EMFILE 127.0.0.1:8084"), { code: "EMFILE" }));
    return resultOf(scenario, !crowded);
  };
  return { run, runs };
}

function options(overrides: Partial<ScheduleOptions> = {}) {
  const said: string[] = [];
  const reported: string[] = [];
  return {
    said,
    reported,
    options: {
      jobs: 6,
      bail: false,
      rerun: true,
      signal: new AbortController().signal,
      onResult: (result: ScenarioResult) => reported.push(result.file),
      say: (line: string) => said.push(line),
      ...overrides,
    } satisfies ScheduleOptions,
  };
}

test("out of descriptors while scenarios run: half as many run at once from then on, it says so, and those it failed run again", async () => {
  const { run, runs } = crowdedRun(3);
  const { said, reported, options: schedule } = options();
  const results = await runScenarios(scenarios, run, schedule);
  assert.deepEqual(
    results.map((result) => result.ok),
    [true, true, true, true, true, true],
  );
  assert.deepEqual(
    reported,
    scenarios.map((scenario) => scenario.file),
    "reported in the files' order",
  );
  assert.equal(runs.length, 12, "each ran twice: all six at once first, then three at a time");
  assert.equal(said.length, 1);
  assert.match(
    said[0]!,
    /^sandbox run: this process ran out of file descriptors \(EMFILE(, ulimit -n is \d+)?\) with 6 scenarios running at once: from here at most 3 run at once, and the scenarios it failed run again\. Raise the limit, or lower --jobs\.$/,
  );
});

test("against given servers a failed scenario does not run again (its steps changed them), but fewer run at once after", async () => {
  const { run, runs } = crowdedRun(3);
  const { said, options: schedule } = options({ rerun: false });
  const results = await runScenarios(scenarios, run, schedule);
  assert.deepEqual(
    results.map((result) => result.ok),
    [false, false, false, false, false, false],
  );
  assert.equal(runs.length, 6);
  assert.match(said[0]!, /from here at most 3 run at once\. Raise the limit/);
});

test("an interrupted run starts nothing more: what did not start is listed as not run, with the signal", async () => {
  const interrupt = new AbortController();
  const run = async (scenario: Scenario) => {
    if (scenario === scenarios[1]) interrupt.abort("SIGTERM");
    return resultOf(scenario, true);
  };
  const { options: schedule } = options({ jobs: 2, signal: interrupt.signal });
  const results = await runScenarios(scenarios, run, schedule);
  assert.deepEqual(
    results.map((result) => [result.ok, result.notRun, result.interrupted]),
    [
      [true, undefined, undefined],
      [true, undefined, undefined],
      ...Array.from({ length: 4 }, () => [false, true, "SIGTERM"]),
    ],
  );
});
