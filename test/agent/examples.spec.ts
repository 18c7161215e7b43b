import assert from "node:assert/strict";
import { test } from "node:test";
import { runExamples } from "./eval.ts";

test("the public example set: every question resolves as expected (npm run agent-eval prints the score)", async (t) => {
  const results = runExamples();
  assert.ok(results.length >= 80, "at least 80 examples");
  for (const { example, wrong } of results) {
    await t.test(`${example.topic}: ${example.question}`, () =>
      assert.equal(
        wrong,
        undefined,
        `expected ${JSON.stringify(example.expected, (_, value) => (value instanceof RegExp ? String(value) : value))}`,
      ),
    );
  }
});
