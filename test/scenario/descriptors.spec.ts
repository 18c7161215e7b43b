import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runCli, tempDir } from "../helpers/cli.ts";
import { copiesOfExample } from "../helpers/scenario-files.ts";
import { parseXml } from "../helpers/xml.ts";

const TIMEOUT = { timeout: 120_000 };

test(
  "under ulimit -n 256, --jobs runs as many at once as the descriptors take and says so: every scenario passes, every report is written, nothing is left in TMPDIR",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const { files, tmp } = await copiesOfExample(dir, 8);
    const junit = join(dir, "results.xml");
    const result = await runCli(
      t,
      ["run", ...files, "--jobs", "8", "--json", "--junit", junit],
      { env: { TMPDIR: tmp }, descriptorLimit: 256 },
      100_000,
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /^sandbox run: 8 scenarios at once would take about 320 file descriptors, and this process may open \d+ more \(ulimit -n is 256\): at most [1-4] run at once\. Raise the limit to run more\.$/m,
    );
    const scenarios = JSON.parse(result.stdout) as { file: string; ok: boolean }[];
    assert.deepEqual(
      scenarios.map((scenario) => [scenario.file, scenario.ok]),
      files.map((file) => [file, true]),
    );
    assert.equal(parseXml(await readFile(junit, "utf8")).attributes.failures, "0");
    assert.deepEqual(await readdir(tmp), [], "every scenario's sandbox dir is removed");
  },
);

test(
  "a sandbox that cannot start fails its scenario with the cause, as a failure and not a bug; the reports are written",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const files = [join(dir, "first.yaml"), join(dir, "second.yaml")];
    for (const file of files)
      await writeFile(file, "name: health\nsteps:\n  - request: { server: storefront, path: /health }\n");
    const junit = join(dir, "results.xml");
    const missing = join(dir, "no-such-dir");
    const result = await runCli(t, ["run", ...files, "--jobs", "2", "--junit", junit], { env: { TMPDIR: missing } });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    const cause = `Cannot make a temporary dir in ${missing} (ENOENT: set TMPDIR to a folder this user may write to).`;
    for (const file of files)
      assert.ok(
        result.stdout.includes(`✗ health (${file}, `) &&
          result.stdout.includes(`  FAIL setup start the scenario's sandbox\n               ${cause}`),
        result.stdout,
      );
    assert.match(result.stdout, /^0 passed, 2 failed$/m);
    assert.doesNotMatch(result.stdout + result.stderr, /BUG|internal error|^\s+at /m);
    const xml = await readFile(junit, "utf8");
    assert.equal(parseXml(xml).attributes.failures, "2");
    assert.doesNotMatch(xml, /<error/);
  },
);
