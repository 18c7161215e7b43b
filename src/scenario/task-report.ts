/**
 * The reports of a run that ran each scenario (task) more than once (`sandbox run --repeat k`):
 * each task's passes out of k and the suite's pass^k and pass^1 (src/scenario/score.ts). A run
 * of each task once keeps the reports of src/scenario/report.ts.
 */
import { notRunReason, scenarioLines, summaryLine, xml } from "./report.ts";
import type { ScenarioResult } from "./run.ts";
import { scoreRuns } from "./score.ts";

/**
 * The lines after the runs' own: a line per task with its passes out of k, the suite's figures,
 * and the runs' count as summaryLine says it ("6 runs: 3 passed, 3 failed").
 */
export function taskSummaryLines(results: readonly ScenarioResult[]): string[] {
  const { repeat, tasks, passHatK, passHat1 } = scoreRuns(results);
  const perfect = tasks.filter((task) => task.passed === repeat).length;
  const notRun = tasks.some((task) => task.notRun > 0);
  return [
    `Tasks, ${repeat} runs each on fresh data:`,
    ...tasks.map(
      (task) =>
        `  ${task.passed}/${repeat} ${task.name} (${task.file})${task.notRun > 0 ? `, ${task.notRun} not run` : ""}`,
    ),
    `pass^${repeat} ${passHatK.toFixed(2)} (${perfect} of ${tasks.length} tasks passed all ${repeat} runs), pass^1 ${passHat1.toFixed(2)} (the mean share of a task's runs that passed)${notRun ? "; a run not run counts as not passed" : ""}`,
    `${results.length} runs: ${summaryLine(results)}`,
  ];
}

/**
 * The results as JUnit XML: a suite per task, a case per run ("<task> (run 2 of 3)"), so that a
 * CI system shows each run. A failed run's case says its failed step, and holds the run's lines
 * as the text report prints them; a run that hit a bug is an <error>, one not run is skipped.
 */
export function taskJunitXml(results: readonly ScenarioResult[]): string {
  const { repeat, tasks } = scoreRuns(results);
  const bug = (result: ScenarioResult) => result.steps.find((step) => step.internal);
  const suites = tasks.map((task, at) => {
    const runs = results.slice(at * repeat, (at + 1) * repeat);
    const errors = runs.filter(bug).length;
    const cases = runs.map((result) => {
      const open = `    <testcase name="${xml(`${result.name} (run ${result.run} of ${repeat})`)}" classname="${xml(result.name)}" time="${result.durationMs / 1000}"`;
      if (result.ok) return `${open}/>`;
      if (result.notRun) return `${open}>\n      <skipped message="${xml(notRunReason(result))}"/>\n    </testcase>`;
      const step = bug(result) ?? result.steps.find((each) => !each.ok && !each.skipped) ?? result.steps[0]!;
      const message = xml(`${step.index === 0 ? "setup" : `step ${step.index}`} ${step.label}: ${step.detail}`);
      const element = step.internal ? "error" : "failure";
      return `${open}>\n      <${element} message="${message}">${xml(scenarioLines(result).join("\n"))}</${element}>\n    </testcase>`;
    });
    return `  <testsuite name="${xml(task.name)}" file="${xml(task.file)}" tests="${repeat}" failures="${task.failed - errors}" skipped="${task.notRun}"${errors > 0 ? ` errors="${errors}"` : ""} time="${runs.reduce((sum, result) => sum + result.durationMs, 0) / 1000}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const sum = (count: (task: (typeof tasks)[number]) => number) =>
    tasks.reduce((total, task) => total + count(task), 0);
  const errors = results.filter(bug).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="sandbox run" tests="${results.length}" failures="${sum((task) => task.failed) - errors}" skipped="${sum((task) => task.notRun)}"${errors > 0 ? ` errors="${errors}"` : ""}>\n${suites.join("\n")}\n</testsuites>\n`;
}
