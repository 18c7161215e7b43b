import type { ScenarioResult } from "./run.ts";

/** Why a scenario did not run: --bail, or the signal that interrupted the run. */
export function notRunReason(result: ScenarioResult): string {
  return result.interrupted
    ? `the run was interrupted by ${result.interrupted}`
    : "--bail stopped at a failed scenario";
}

/** The lines `sandbox run` prints of a scenario: its name, then each step as ok or FAIL with what came back. */
export function scenarioLines(result: ScenarioResult): string[] {
  const run = result.run === undefined ? "" : `, run ${result.run} of ${result.repeat}`;
  if (result.notRun) return [`- ${result.name} (${result.file}${run}): not run (${notRunReason(result)})`];
  return [
    `${result.ok ? "✓" : "✗"} ${result.name} (${result.file}${run}, ${result.durationMs} ms)`,
    ...result.steps.map((step) => {
      const number = step.index === 0 ? "setup" : String(step.index).padStart(5);
      if (step.skipped) return `  skip ${number} ${step.label}`;
      // A bug shows its stack, so that it can be reported as one.
      if (step.internal)
        return `  BUG  ${number} ${step.label}\n${step.internal.stack
          .split("\n")
          .map((line) => `               ${line.trim()}`)
          .join("\n")}`;
      return `  ${step.ok ? "ok  " : "FAIL"} ${number} ${step.label}${step.ok ? `: ${step.detail}` : `\n               ${step.detail}`}`;
    }),
  ];
}

/** "2 passed, 1 failed": of the scenarios (and how many --bail or an interruption left unrun, and how many hit a bug). */
export function summaryLine(results: readonly ScenarioResult[]): string {
  const passed = results.filter((result) => result.ok).length;
  const notRun = results.filter((result) => result.notRun).length;
  const bugs = results.filter((result) => result.steps.some((step) => step.internal)).length;
  const interrupted = results.find((result) => result.interrupted)?.interrupted;
  return `${passed} passed, ${results.length - passed - notRun} failed${notRun > 0 ? `, ${notRun} not run` : ""}${bugs > 0 ? ` (${bugs} by an internal error of the runner: exit 3)` : ""}${interrupted ? `: interrupted by ${interrupted}` : ""}`;
}

/** The results as JUnit XML, which CI systems show: a suite per scenario, a case per step. */
export function junitXml(results: readonly ScenarioResult[]): string {
  const suites = results.map((result) => {
    if (result.notRun)
      return `  <testsuite name="${xml(result.name)}" file="${xml(result.file)}" tests="1" failures="0" skipped="1" time="0">\n    <testcase name="not run" classname="${xml(result.name)}">\n      <skipped message="${xml(notRunReason(result))}"/>\n    </testcase>\n  </testsuite>`;
    const failures = result.steps.filter((step) => !step.ok && !step.skipped && !step.internal).length;
    const errors = result.steps.filter((step) => step.internal).length;
    const skipped = result.steps.filter((step) => step.skipped).length;
    const cases = result.steps.map((step) => {
      const name = xml(`${step.index === 0 ? "setup" : step.index} ${step.label}`);
      const open = `    <testcase name="${name}" classname="${xml(result.name)}"`;
      if (step.ok) return `${open}/>`;
      // JUnit's <error> is an unexpected exception, as against a failed assertion.
      const inner = step.skipped
        ? `<skipped message="${xml(step.detail)}"/>`
        : step.internal
          ? `<error message="${xml(step.detail)}">${xml(step.internal.stack)}</error>`
          : `<failure message="${xml(step.detail)}"/>`;
      return `${open}>\n      ${inner}\n    </testcase>`;
    });
    return `  <testsuite name="${xml(result.name)}" file="${xml(result.file)}" tests="${result.steps.length}" failures="${failures}" skipped="${skipped}"${errors > 0 ? ` errors="${errors}"` : ""} time="${result.durationMs / 1000}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const count = (keep: (step: ScenarioResult["steps"][number]) => boolean) =>
    results.reduce((sum, result) => sum + result.steps.filter(keep).length, 0);
  const notRun = results.filter((result) => result.notRun).length;
  // Only a run with a bug has the attribute, so that every other run's XML stays as it was.
  const bugs = count((step) => Boolean(step.internal));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="sandbox run" tests="${count(() => true) + notRun}" failures="${count((step) => !step.ok && !step.skipped && !step.internal)}" skipped="${count((step) => Boolean(step.skipped)) + notRun}"${bugs > 0 ? ` errors="${bugs}"` : ""}>\n${suites.join("\n")}\n</testsuites>\n`;
}

/** Text as it may stand in an XML attribute or element. */
export function xml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] as string,
  );
}
