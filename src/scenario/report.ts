import type { ScenarioResult } from "./run.ts";

/** The lines `sandbox run` prints of a scenario: its name, then each step as ok or FAIL with what came back. */
export function scenarioLines(result: ScenarioResult): string[] {
  return [
    `${result.ok ? "✓" : "✗"} ${result.name} (${result.file}, ${result.durationMs} ms)`,
    ...result.steps.map(
      (step) =>
        `  ${step.ok ? "ok  " : "FAIL"} ${step.index < 0 ? "setup" : String(step.index + 1).padStart(5)} ${step.label}${step.ok ? `: ${step.detail}` : `\n               ${step.detail}`}`,
    ),
  ];
}

/** "2 passed, 1 failed": of the scenarios. */
export function summaryLine(results: readonly ScenarioResult[]): string {
  const failed = results.filter((result) => !result.ok).length;
  return `${results.length - failed} passed, ${failed} failed`;
}

/** The results as JUnit XML, which CI systems show: a suite per scenario, a case per step. */
export function junitXml(results: readonly ScenarioResult[]): string {
  const xml = (text: string) =>
    text.replace(
      /[<>&"']/g,
      (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] as string,
    );
  const suites = results.map((result) => {
    const failures = result.steps.filter((step) => !step.ok).length;
    const cases = result.steps.map((step) => {
      const name = xml(`${step.index < 0 ? "setup" : step.index + 1} ${step.label}`);
      return step.ok
        ? `    <testcase name="${name}" classname="${xml(result.name)}"/>`
        : `    <testcase name="${name}" classname="${xml(result.name)}">\n      <failure message="${xml(step.detail)}"/>\n    </testcase>`;
    });
    return `  <testsuite name="${xml(result.name)}" file="${xml(result.file)}" tests="${result.steps.length}" failures="${failures}" time="${result.durationMs / 1000}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const failed = results.filter((result) => !result.ok).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="sandbox run" tests="${results.length}" failures="${failed}">\n${suites.join("\n")}\n</testsuites>\n`;
}
