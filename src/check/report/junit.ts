import type { ServiceUrls } from "../../service-names.ts";
import type { CheckResult } from "../check.ts";
import type { RunResult } from "../runner.ts";
import { countOf } from "./summary.ts";

/**
 * The results as JUnit XML, as CI systems render it: a testsuite per area, a testcase per check
 * (`<failure message>` or `<skipped message>`), counts and times in seconds on each.
 */
export function junitXml(run: RunResult, urls: ServiceUrls, startedAt: Date): string {
  const suites = run.areas.map((area) =>
    suite(
      area,
      run.results.filter((result) => result.area === area),
      urls,
      startedAt,
    ),
  );
  const counts = countOf(run.results);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sandbox check" tests="${run.results.length}" failures="${counts.fail}" errors="0" skipped="${counts.skip}" time="${secondsOf(run.ms)}" timestamp="${stamp(startedAt)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}

function suite(area: string, results: readonly CheckResult[], urls: ServiceUrls, startedAt: Date): string {
  const counts = countOf(results);
  const time = results.reduce((total, result) => total + result.ms, 0);
  const properties = Object.entries(urls).map(
    ([name, url]) => `      <property name="${escapeXml(name)}" value="${escapeXml(url ?? "")}"/>`,
  );
  return [
    `  <testsuite name="${escapeXml(area)}" tests="${results.length}" failures="${counts.fail}" errors="0" skipped="${counts.skip}" time="${secondsOf(time)}" timestamp="${stamp(startedAt)}">`,
    ...(properties.length > 0 ? ["    <properties>", ...properties, "    </properties>"] : []),
    ...results.map(testcase),
    "  </testsuite>",
  ].join("\n");
}

function testcase(result: CheckResult): string {
  const open = `    <testcase name="${escapeXml(result.name)}" classname="sandbox check.${escapeXml(result.area)}" time="${secondsOf(result.ms)}"`;
  if (result.status === "ok") return `${open}/>`;
  const inner =
    result.status === "fail"
      ? `<failure message="${escapeXml(result.reason)}" type="ContractMismatch">${escapeXml(result.reason)}</failure>`
      : `<skipped message="${escapeXml(result.reason)}"/>`;
  return `${open}>\n      ${inner}\n    </testcase>`;
}

/** Text for an attribute or element: the five special characters as entities, characters XML 1.0 forbids left out. */
export function escapeXml(text: string): string {
  return text
    .replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the control characters XML 1.0 forbids, matched to be left out
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "",
    )
    .replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);
}

function secondsOf(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** ISO 8601 without milliseconds or zone, as the JUnit schema's timestamp takes it. */
function stamp(date: Date): string {
  return date.toISOString().slice(0, 19);
}
