import assert from "node:assert/strict";
import { test } from "node:test";
import { SandboxError } from "../../src/errors.ts";
import { junitXml, scenarioLines, summaryLine } from "../../src/scenario/report.ts";
import { failureOf, hadInternalError, type ScenarioResult } from "../../src/scenario/run.ts";
import { StepFailure } from "../../src/scenario/values.ts";

/** A scenario whose second step hit what `failureOf` made of the error. */
function resultWith(error: unknown): ScenarioResult {
  return {
    name: "A flow",
    file: "flow.yaml",
    ok: false,
    durationMs: 12,
    steps: [
      { index: 1, label: "GET storefront /api/products", ok: true, detail: "200" },
      { index: 2, label: "journal", ok: false, ...failureOf(error) },
    ],
  };
}

test("a failed expectation, a refusal of the sandbox's, a failed system call and a server gone quiet are failures, not bugs", () => {
  const refused = new SandboxError("fault_invalid", "the controls refused it", { status: 400 });
  const gone = new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
  const exhausted = Object.assign(new Error("EMFILE: too many open files, open '/tmp/x.json'"), { code: "EMFILE" });
  for (const [error, detail] of [
    [new StepFailure("status: expected 200, received 404"), "status: expected 200, received 404"],
    [refused, "the controls refused it"],
    [gone, "no answer: connection refused (ECONNREFUSED)"],
    [exhausted, "EMFILE: too many open files, open '/tmp/x.json'"],
  ] as const) {
    const result = resultWith(error);
    assert.equal(result.steps[1]?.detail, detail);
    assert.equal(result.steps[1]?.internal, undefined);
    assert.equal(hadInternalError([result]), false);
    assert.match(scenarioLines(result).join("\n"), /^ {2}FAIL +2 journal$/m);
    assert.doesNotMatch(junitXml([result]), /<error|errors=/);
  }
});

test("any other exception is a bug of the runner's: BUG with its stack, a JUnit <error>, exit 3", () => {
  const bug = new TypeError("Cannot read properties of undefined (reading 'items')");
  const result = resultWith(bug);
  const step = result.steps[1];
  assert.equal(step?.detail, "internal error: TypeError: Cannot read properties of undefined (reading 'items')");
  assert.equal(step?.internal?.stack, bug.stack);
  assert.equal(hadInternalError([result]), true);

  const lines = scenarioLines(result).join("\n");
  assert.match(lines, /^ {2}BUG +2 journal$/m);
  // The stack's frames follow, indented under the step: this very test file is one of them.
  assert.match(lines, /^ {15}TypeError: Cannot read properties of undefined \(reading 'items'\)$/m);
  assert.match(lines, /^ {15}at .*bugs\.spec\.ts:\d+:\d+/m);
  assert.equal(summaryLine([result]), "0 passed, 1 failed (1 by an internal error of the runner: exit 3)");

  const xml = junitXml([result]);
  assert.match(xml, /<testsuites [^>]*failures="0" skipped="0" errors="1">/);
  assert.match(xml, /<testsuite name="A flow" [^>]*failures="0" skipped="0" errors="1" /);
  assert.match(
    xml,
    /<error message="internal error: TypeError: Cannot read properties of undefined \(reading &apos;items&apos;\)">TypeError: [^<]*at /,
  );

  // Something thrown that is no Error at all is a bug too, said as what it was.
  assert.equal(failureOf("a string").detail, "internal error: Error: a string");
});
