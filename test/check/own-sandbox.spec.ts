import assert from "node:assert/strict";
import { lstat, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { areaHeadings, resultLines } from "../helpers/check.ts";
import { tempDir } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { elementsNamed, parseXml } from "../helpers/xml.ts";

test("without URLs, check starts a sandbox of its own, every area passes, and the JUnit file says so", async (t) => {
  const dir = await tempDir(t);
  // The last run's results, left as a symlink (a CI cache may): the new file replaces the link, not what it points at.
  await writeFile(join(dir, "previous.xml"), "the last run's results");
  await symlink(join(dir, "previous.xml"), join(dir, "results.xml"));
  const result = await runInProcess(["check", "--junit", "results.xml"], { cwd: dir });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^Starting a sandbox for the checks/m);
  assert.match(
    result.stdout,
    /^Checking the sandbox started for this run:\n {2}storefront http:\/\/127\.0\.0\.1:\d+\n {2}wallet +http:\/\/127\.0\.0\.1:\d+\n {2}host +http:\/\/127\.0\.0\.1:\d+$/m,
  );
  assert.deepEqual(areaHeadings(result.stdout), ["storefront", "sse", "bff", "wallet", "oauth", "actions"]);
  const lines = resultLines(result.stdout);
  assert.deepEqual(
    lines.filter((line) => line.status !== "ok"),
    [],
    "its own sandbox has all a check needs: nothing fails, nothing is skipped",
  );
  const passed = lines.length;
  const skipped = 0;
  assert.match(
    result.stdout,
    new RegExp(`^${passed} passed, 0 failed, ${skipped} skipped \\(\\d+\\.\\d+ s\\); JUnit XML in results\\.xml$`, "m"),
  );

  assert.equal(await readFile(join(dir, "previous.xml"), "utf8"), "the last run's results");
  assert.equal((await lstat(join(dir, "results.xml"))).isFile(), true);
  assert.deepEqual((await readdir(dir)).sort(), ["previous.xml", "results.xml"], "no temporary file is left beside it");
  const xml = parseXml(await readFile(join(dir, "results.xml"), "utf8"));
  assert.equal(xml.name, "testsuites");
  assert.deepEqual(
    { tests: xml.attributes.tests, failures: xml.attributes.failures, skipped: xml.attributes.skipped },
    { tests: String(lines.length), failures: "0", skipped: String(skipped) },
  );
  const suites = elementsNamed(xml, "testsuite");
  assert.deepEqual(
    suites.map((suite) => suite.attributes.name),
    ["storefront", "sse", "bff", "wallet", "oauth", "actions"],
  );
  for (const suite of suites) {
    const cases = elementsNamed(suite, "testcase");
    assert.equal(suite.attributes.tests, String(cases.length));
    assert.equal(
      suite.attributes.skipped,
      String(cases.filter((testcase) => elementsNamed(testcase, "skipped").length > 0).length),
    );
    const time = cases.reduce((total, testcase) => total + Number(testcase.attributes.time), 0);
    assert.ok(
      Math.abs(Number(suite.attributes.time) - time) < 0.01,
      `${suite.attributes.name}: suite time ${suite.attributes.time}, its cases add up to ${time}`,
    );
  }
  assert.deepEqual(
    elementsNamed(xml, "testcase").map((testcase) => testcase.attributes.name),
    lines.map((line) => line.name),
  );
});
