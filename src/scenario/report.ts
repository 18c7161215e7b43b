import type { ScenarioResult } from "./run.ts";

/** The lines `sandbox run` prints of a scenario: its name, then each step as ok or FAIL with what came back. */
export function scenarioLines(result: ScenarioResult): string[] {
  return [
    `${result.ok ? "✓" : "✗"} ${result.name} (${result.file}, ${result.durationMs} ms)`,
    ...result.steps.map((step) => {
      const number = step.index === 0 ? "setup" : String(step.index).padStart(5);
      if (step.skipped) return `  skip ${number} ${step.label}`;
      return `  ${step.ok ? "ok  " : "FAIL"} ${number} ${step.label}${step.ok ? `: ${step.detail}` : `\n               ${step.detail}`}`;
    }),
  ];
}

/** "2 passed, 1 failed": of the scenarios (and how many --bail left unrun). */
export function summaryLine(results: readonly ScenarioResult[], notRun = 0): string {
  const failed = results.filter((result) => !result.ok).length;
  return `${results.length - failed} passed, ${failed} failed${notRun > 0 ? `, ${notRun} not run` : ""}`;
}

/** The results as JUnit XML, which CI systems show: a suite per scenario, a case per step. */
export function junitXml(results: readonly ScenarioResult[]): string {
  const xml = (text: string) =>
    text.replace(
      /[<>&"']/g,
      (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] as string,
    );
  const suites = results.map((result) => {
    const failures = result.steps.filter((step) => !step.ok && !step.skipped).length;
    const skipped = result.steps.filter((step) => step.skipped).length;
    const cases = result.steps.map((step) => {
      const name = xml(`${step.index === 0 ? "setup" : step.index} ${step.label}`);
      const open = `    <testcase name="${name}" classname="${xml(result.name)}"`;
      if (step.ok) return `${open}/>`;
      const inner = step.skipped
        ? `<skipped message="${xml(step.detail)}"/>`
        : `<failure message="${xml(step.detail)}"/>`;
      return `${open}>\n      ${inner}\n    </testcase>`;
    });
    return `  <testsuite name="${xml(result.name)}" file="${xml(result.file)}" tests="${result.steps.length}" failures="${failures}" skipped="${skipped}" time="${result.durationMs / 1000}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const count = (keep: (step: ScenarioResult["steps"][number]) => boolean) =>
    results.reduce((sum, result) => sum + result.steps.filter(keep).length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="sandbox run" tests="${count(() => true)}" failures="${count((step) => !step.ok && !step.skipped)}" skipped="${count((step) => Boolean(step.skipped))}">\n${suites.join("\n")}\n</testsuites>\n`;
}
