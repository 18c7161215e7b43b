import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT, runCli } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 60_000 };
const SHIPPED_SCHEMA = join(PROJECT_ROOT, "docs", "scenario.schema.json");

test(
  "sandbox schema prints the scenario schema the package ships, byte for byte, with no sandbox running",
  TIMEOUT,
  async (t) => {
    // The build, as the bin runs it: the file a redirect writes is the one an installed package holds.
    const result = await runCli(t, ["schema"]);
    assert.deepEqual([result.code, result.stderr], [0, ""]);
    assert.equal(result.stdout, await readFile(SHIPPED_SCHEMA, "utf8"));
    const schema = JSON.parse(result.stdout) as { title: string; $defs: Record<string, unknown> };
    assert.equal(schema.title, "Sandbox scenario");
    assert.ok(schema.$defs.step, "the steps are defined");
  },
);

test("sandbox schema --help says where the same schema is, with an example", TIMEOUT, async () => {
  const result = await runInProcess(["schema", "--help"]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Usage: sandbox schema \[options\]$/m);
  assert.match(result.stdout, /^ {2}npx sandbox schema > scenario\.schema\.json$/m);
  const help = result.stdout.replace(/\s+/g, " ");
  assert.ok(help.includes(`schema setting: ${SHIPPED_SCHEMA} `), help);
  assert.ok(help.includes("GET /scenario.schema.json"), help);
  assert.ok(help.includes("node_modules/agent-commerce-sandbox/docs/scenario.schema.json"), help);
});

test("sandbox schema takes no argument", TIMEOUT, async () => {
  const result = await runInProcess(["schema", "steps"]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /too many arguments/);
});
