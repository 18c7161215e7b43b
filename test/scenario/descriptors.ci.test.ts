// The reproduction, too slow for npm test: 40 scenarios with --jobs 40 under macOS's
// default limit of 256 descriptors (24 of 40 failed with "other side closed" before, and with
// more jobs the run crashed on EMFILE, left its sandboxes' dirs and wrote no report).
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runCli, tempDir } from "../helpers/cli.ts";
import { copiesOfExample } from "../helpers/scenario-files.ts";
import { parseXml } from "../helpers/xml.ts";

for (const [limit, jobs, count] of [
  [256, 40, 40],
  [1024, 500, 60],
] as const) {
  test(`ulimit -n ${limit}, ${count} scenarios with --jobs ${jobs}: all pass, both reports are written, TMPDIR is left empty`, {
    timeout: 600_000,
  }, async (t) => {
    const dir = await tempDir(t);
    const { files, tmp } = await copiesOfExample(dir, count);
    const junit = join(dir, "results.xml");
    const result = await runCli(
      t,
      ["run", ...files, "--jobs", String(jobs), "--json", "--junit", junit],
      { env: { TMPDIR: tmp }, descriptorLimit: limit },
      500_000,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, new RegExp(`\\(ulimit -n is ${limit}\\): at most \\d+ run at once`));
    const scenarios = JSON.parse(result.stdout) as { ok: boolean }[];
    assert.equal(scenarios.filter((scenario) => scenario.ok).length, count);
    const suites = parseXml(await readFile(junit, "utf8"));
    assert.equal(suites.attributes.failures, "0");
    assert.equal(suites.children.length, count);
    assert.deepEqual(await readdir(tmp), []);
  });
}
