import assert from "node:assert/strict";
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { constants } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { LOCK_FILE } from "../../src/sandbox-lock.ts";
import { escapeRegExp, spawnCli, tempDir } from "../helpers/cli.ts";
import { until } from "../helpers/poll.ts";
import { parseXml } from "../helpers/xml.ts";

const TIMEOUT = { timeout: 120_000 };

/** Three scenarios run one at a time: the first passes, the second waits for a cart event that never comes, the third waits its turn. */
async function scenarioFiles(dir: string): Promise<string[]> {
  const health = "  - request: { server: storefront, path: /health }\n";
  const files = {
    "1-passes.yaml": `name: passes\nsteps:\n${health}`,
    "2-waits.yaml": `name: waits\nsteps:\n${health}  - waitFor: { stream: cart, as: ada@example.com, timeout: 60s }\n    expect: { event: { "$.subtotal": 999999 } }\n${health}`,
    "3-later.yaml": `name: later\nsteps:\n${health}`,
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return Object.keys(files).map((name) => join(dir, name));
}

/** Whether a sandbox in `tmp` has a cart stream open: the waiting scenario is at its second step. */
async function streamOpen(tmp: string): Promise<boolean> {
  for (const name of await readdir(tmp)) {
    const lock = await readFile(join(tmp, name, LOCK_FILE), "utf8").catch(() => null);
    const storefront = lock && (JSON.parse(lock) as { urls?: { storefront?: string } }).urls?.storefront;
    if (!storefront) continue;
    const health = await fetch(`${storefront}/__sandbox/health`).catch(() => null);
    const stats = health?.ok ? ((await health.json()) as { stats: { liveStreams: number } }).stats : undefined;
    if (stats && stats.liveStreams > 0) return true;
  }
  return false;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  test(
    `${signal} during sandbox run: the sandboxes stop and their dirs go, the reports say what ran and what did not, and the run ends by the signal`,
    TIMEOUT,
    async (t) => {
      const dir = await tempDir(t);
      const tmp = join(dir, "tmp");
      await mkdir(tmp);
      const files = await scenarioFiles(dir);
      // The last run's results, which --junit replaces: through a symlink, as a CI cache may leave it.
      const previous = join(dir, "previous.xml");
      await writeFile(previous, "<testsuites/>\n");
      const junit = join(dir, "results.xml");
      await symlink(previous, junit);
      const json = signal === "SIGTERM";
      const cli = spawnCli(t, ["run", ...files, "--junit", junit, ...(json ? ["--json"] : [])], {
        env: { TMPDIR: tmp },
      });
      await until(() => streamOpen(tmp), "the second scenario's cart stream to open", { timeoutMs: 60_000 });
      cli.kill(signal);
      const result = await cli.exit();

      assert.ok(
        result.signal === signal || result.code === 128 + constants.signals[signal],
        `ended by ${signal}: code ${result.code}, signal ${result.signal}\n${result.stderr}`,
      );
      assert.deepEqual(await readdir(tmp), [], "every sandbox's dir is removed");
      const cut = `cut short: the run was interrupted (${signal})`;
      if (json) {
        const results = JSON.parse(result.stdout) as {
          ok: boolean;
          notRun?: true;
          interrupted?: string;
          steps: { ok: boolean; detail: string; skipped?: true }[];
        }[];
        assert.deepEqual(
          results.map((each) => [each.ok, each.notRun, each.interrupted]),
          [
            [true, undefined, undefined],
            [false, undefined, signal],
            [false, true, signal],
          ],
        );
        assert.deepEqual(
          results[1]?.steps.map((step) => [step.ok, step.detail, step.skipped]),
          [
            [true, "GET /health → 200", undefined],
            [false, cut, undefined],
            [false, `not run: the run was interrupted (${signal})`, true],
          ],
        );
      } else {
        assert.match(result.stdout, /^✓ passes \(/m);
        assert.match(
          result.stdout,
          new RegExp(
            `^✗ waits \\(.*\\n.*\\n {2}FAIL +2 wait for a cart event\\n +${escapeRegExp(cut)}\\n {2}skip +3 `,
            "m",
          ),
        );
        assert.match(
          result.stdout,
          new RegExp(`^- later \\(.*\\): not run \\(the run was interrupted by ${signal}\\)$`, "m"),
        );
        assert.match(result.stdout, new RegExp(`^1 passed, 1 failed, 1 not run: interrupted by ${signal}$`, "m"));
      }

      // The results replaced the link, and the file it pointed at kept the last run's.
      assert.ok((await lstat(junit)).isFile(), "--junit's path is now a file of its own");
      assert.equal(await readFile(previous, "utf8"), "<testsuites/>\n");
      const suites = parseXml(await readFile(junit, "utf8"));
      assert.deepEqual(
        suites.children.map((suite) => [suite.attributes.name, suite.attributes.failures, suite.attributes.skipped]),
        [
          ["passes", "0", "0"],
          ["waits", "1", "1"],
          ["later", "0", "1"],
        ],
      );
      assert.deepEqual(
        (await readdir(dir)).filter((name) => name.includes(".tmp-")),
        [],
        "no temp file of the report is left",
      );
    },
  );
}
