import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import type { ScenarioResult } from "../../src/scenario/run.ts";
import { passHat, scoreRuns } from "../../src/scenario/score.ts";
import { taskJunitXml, taskSummaryLines } from "../../src/scenario/task-report.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";
import { elementsNamed, parseXml } from "../helpers/xml.ts";

const TIMEOUT = { timeout: 120_000 };

test("pass^k is τ-bench's: the mean chance that k of a task's runs drawn at once all passed", () => {
  // Three tasks, three runs each: 2, 3 and 1 passed.
  assert.equal(passHat([2, 3, 1], 3, 1), (2 / 3 + 1 + 1 / 3) / 3);
  assert.equal(passHat([2, 3, 1], 3, 2), (1 / 3 + 1 + 0) / 3);
  assert.equal(passHat([2, 3, 1], 3, 3), 1 / 3, "pass^k of k runs: the share of tasks that passed every run");
  assert.equal(passHat([5, 4], 5, 5), 0.5);
  assert.equal(passHat([0, 0], 4, 1), 0);
});

/** A run of a task: passed, failed at step 1, hit a bug, or not run. */
function runOf(name: string, run: number, outcome: "passed" | "failed" | "bug" | "not run"): ScenarioResult {
  const base = { name, file: `${name}.yaml`, run, repeat: 3, durationMs: 10 };
  if (outcome === "not run") return { ...base, ok: false, steps: [], durationMs: 0, notRun: true };
  const detail = {
    passed: { detail: "GET /health → 200" },
    failed: { detail: "status: expected 418, received 200" },
    bug: { detail: "internal error: TypeError: boom", internal: { stack: "TypeError: boom\n    at x (y.ts:1:1)" } },
  }[outcome];
  const ok = outcome === "passed";
  return { ...base, ok, steps: [{ index: 1, label: "GET storefront /health", ok, ...detail }] };
}

test("each task's runs are scored together; a run not run counts as not passed, a bug is a JUnit <error>", () => {
  const results = [
    runOf("steady", 1, "passed"),
    runOf("steady", 2, "passed"),
    runOf("steady", 3, "passed"),
    runOf("shaky", 1, "passed"),
    runOf("shaky", 2, "bug"),
    runOf("shaky", 3, "failed"),
    runOf("stopped", 1, "failed"),
    runOf("stopped", 2, "not run"),
    runOf("stopped", 3, "not run"),
  ];
  const score = scoreRuns(results);
  assert.deepEqual(score, {
    repeat: 3,
    passHatK: 1 / 3,
    passHat1: (1 + 1 / 3 + 0) / 3,
    tasks: [
      { name: "steady", file: "steady.yaml", passed: 3, failed: 0, notRun: 0 },
      { name: "shaky", file: "shaky.yaml", passed: 1, failed: 2, notRun: 0 },
      { name: "stopped", file: "stopped.yaml", passed: 0, failed: 1, notRun: 2 },
    ],
  });
  // Results of a run without --repeat: each is a task that ran once.
  assert.deepEqual(
    scoreRuns(results.slice(0, 2).map(({ run, repeat, ...once }) => once)).tasks.map((task) => task.passed),
    [1, 1],
  );

  assert.deepEqual(taskSummaryLines(results), [
    "Tasks, 3 runs each on fresh data:",
    "  3/3 steady (steady.yaml)",
    "  1/3 shaky (shaky.yaml)",
    "  0/3 stopped (stopped.yaml), 2 not run",
    "pass^3 0.33 (1 of 3 tasks passed all 3 runs), pass^1 0.44 (the mean share of a task's runs that passed); a run not run counts as not passed",
    "9 runs: 4 passed, 3 failed, 2 not run (1 by an internal error of the runner: exit 3)",
  ]);

  const root = parseXml(taskJunitXml(results));
  assert.deepEqual(root.attributes, { name: "sandbox run", tests: "9", failures: "2", skipped: "2", errors: "1" });
  const shaky = elementsNamed(root, "testsuite")[1]!;
  assert.deepEqual(shaky.attributes, {
    name: "shaky",
    file: "shaky.yaml",
    tests: "3",
    failures: "1",
    skipped: "0",
    errors: "1",
    time: "0.03",
  });
  const [error] = elementsNamed(shaky, "error");
  assert.equal(error?.attributes.message, "step 1 GET storefront /health: internal error: TypeError: boom");
  assert.match(error?.text ?? "", /^✗ shaky \(shaky\.yaml, run 2 of 3, 10 ms\)\n {2}BUG +1 GET storefront/);
  const skipped = elementsNamed(root, "skipped").map((each) => each.attributes.message);
  assert.deepEqual(skipped, ["--bail stopped at a failed scenario", "--bail stopped at a failed scenario"]);
});

/** A task that adds a bag to Ada's cart and finds one in it, which holds only on fresh data; and one that always fails. */
async function taskFiles(dir: string): Promise<{ passes: string; fails: string }> {
  const passes = join(dir, "passes.yaml");
  await writeFile(
    passes,
    [
      "name: one bag in a fresh cart",
      "steps:",
      '  - request: { server: storefront, path: "/api/products?q=garri", as: ada@example.com }',
      '    capture: { garri: "$.items[0].id" }',
      "  - request:",
      "      server: storefront",
      "      method: POST",
      "      path: /api/cart/items",
      "      as: ada@example.com",
      '      body: { product_id: "${garri}", quantity: 1 }',
      '    expect: { status: { lt: 300 }, body: { "$.items.length": 1, "$.items[0].quantity": 1 } }',
    ].join("\n"),
  );
  const fails = join(dir, "fails.yaml");
  await writeFile(
    fails,
    "name: a teapot\nsteps:\n  - request: { server: storefront, path: /health }\n    expect: { status: 418 }\n",
  );
  return { passes, fails };
}

test(
  "sandbox run --repeat: each task k times on fresh data, its passes out of k, pass^k and pass^1 in text, --json and JUnit",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const { passes, fails } = await taskFiles(dir);
    const junit = join(dir, "results.xml");

    const run = await runInProcess(["run", passes, fails, "--repeat", "3", "--jobs", "3", "--json", "--junit", junit]);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout);
    assert.deepEqual(
      { ...report, results: undefined },
      {
        repeat: 3,
        passHatK: 0.5,
        passHat1: 0.5,
        tasks: [
          { name: "one bag in a fresh cart", file: passes, passed: 3, failed: 0, notRun: 0 },
          { name: "a teapot", file: fails, passed: 0, failed: 3, notRun: 0 },
        ],
        results: undefined,
      },
    );
    assert.deepEqual(
      report.results.map((result: ScenarioResult) => [result.name, result.run, result.repeat, result.ok]),
      [1, 2, 3]
        .map((n) => ["one bag in a fresh cart", n, 3, true])
        .concat([1, 2, 3].map((n) => ["a teapot", n, 3, false])),
    );
    const root = parseXml(await readFile(junit, "utf8"));
    assert.deepEqual(root.attributes, { name: "sandbox run", tests: "6", failures: "3", skipped: "0" });
    const cases = elementsNamed(root, "testcase");
    assert.deepEqual(
      cases.map((each) => each.attributes.name),
      [1, 2, 3]
        .map((n) => `one bag in a fresh cart (run ${n} of 3)`)
        .concat([1, 2, 3].map((n) => `a teapot (run ${n} of 3)`)),
    );
    for (const failure of elementsNamed(root, "failure"))
      assert.equal(
        failure.attributes.message,
        "step 1 GET storefront /health: status: expected 418, received 200 (GET /health → 200)",
      );

    // The text, run by run in the files' order, then the tasks and the figures; 0 once every run passed.
    const text = await runInProcess(["run", passes, fails, "--repeat", "2", "--jobs", "4"]);
    assert.equal(text.code, 1, text.stderr);
    const headers = [...text.stdout.matchAll(/^([✓✗]) (.*) \(.*, run (\d) of 2, \d+ ms\)$/gm)].map((m) =>
      m.slice(1).join(" "),
    );
    assert.deepEqual(headers, [
      "✓ one bag in a fresh cart 1",
      "✓ one bag in a fresh cart 2",
      "✗ a teapot 1",
      "✗ a teapot 2",
    ]);
    assert.ok(
      text.stdout.endsWith(
        [
          "Tasks, 2 runs each on fresh data:",
          `  2/2 one bag in a fresh cart (${passes})`,
          `  0/2 a teapot (${fails})`,
          "pass^2 0.50 (1 of 2 tasks passed all 2 runs), pass^1 0.50 (the mean share of a task's runs that passed)",
          "4 runs: 2 passed, 2 failed\n",
        ].join("\n"),
      ),
      text.stdout,
    );
    const green = await runInProcess(["run", passes, "--repeat", "2", "--jobs", "2"]);
    assert.equal(green.code, 0, green.stdout + green.stderr);
    assert.match(green.stdout, /^pass\^2 1\.00 \(1 of 1 tasks passed all 2 runs\), pass\^1 1\.00 /m);

    // --bail starts no run after the first that failed, of its task or another.
    const bailed = await runInProcess(["run", fails, passes, "--repeat", "2", "--bail"]);
    assert.equal(bailed.code, 1);
    assert.match(
      bailed.stdout,
      /^- a teapot \(.*fails\.yaml, run 2 of 2\): not run \(--bail stopped at a failed scenario\)$/m,
    );
    assert.match(bailed.stdout, /^ {2}0\/2 a teapot \(.*\), 1 not run$/m);
    assert.match(bailed.stdout, /^4 runs: 0 passed, 1 failed, 3 not run$/m);
  },
);

test("--repeat above 1 is refused against a running sandbox or given servers, whose data a run would leave changed", async (t) => {
  const { passes } = await taskFiles(await tempDir(t));
  for (const [flags, without] of [
    [["--data-dir", "anywhere"], "--data-dir"],
    [["--storefront", "http://127.0.0.1:9"], "--storefront/--wallet/--host"],
  ] as const) {
    const refused = await runInProcess(["run", passes, "--repeat", "2", ...flags]);
    assert.equal(refused.code, 2);
    assert.equal(refused.stdout, "");
    assert.match(refused.stderr, /^--repeat 2 runs each scenario on fresh data, a sandbox of each run's own; /);
    assert.match(
      refused.stderr,
      new RegExp(`run without ${without} to repeat, or without --repeat\nNothing ran\\.\n$`),
    );
  }
});
