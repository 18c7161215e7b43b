import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { lstat, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { SCENARIO_SCHEMA } from "../../src/scenario-schema.ts";
import { assertOneLineError, cliEnv, lines, PROJECT_ROOT, tempDir } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 120_000 };
const run = promisify(execFile);

const SCENARIO = "scenarios/agent-adds-to-cart.yaml";
const WORKFLOW = ".github/workflows/agent-scenarios.yml";
const SHIPPED_SCENARIO = join(PROJECT_ROOT, "examples/scenarios/agent-adds-to-cart.yaml");
const SHIPPED_WORKFLOW = join(PROJECT_ROOT, "examples/ci/github-actions.yml");
const EDITOR_LINE =
  "# yaml-language-server: $schema=../node_modules/agent-commerce-sandbox/docs/scenario.schema.json\n";
const RUN_STEP = "npx --no -- agent-commerce-sandbox run scenarios/*.yaml";

/** The package installed in the repository as npm lays it out: node_modules/<name>, and its bin in node_modules/.bin. */
async function installPackage(repository: string): Promise<void> {
  await mkdir(join(repository, "node_modules", ".bin"), { recursive: true });
  await symlink(PROJECT_ROOT, join(repository, "node_modules", "agent-commerce-sandbox"), "dir");
  await symlink(
    "../agent-commerce-sandbox/bin/sandbox.js",
    join(repository, "node_modules", ".bin", "agent-commerce-sandbox"),
  );
}

test(
  "sandbox init writes the starter scenario and the workflow the package ships, and says what is left to do",
  TIMEOUT,
  async (t) => {
    const repository = await tempDir(t);
    const result = await runInProcess(["init"], { cwd: repository });
    assert.deepEqual([result.code, result.stderr], [0, ""]);
    assert.equal(await readFile(join(repository, WORKFLOW), "utf8"), await readFile(SHIPPED_WORKFLOW, "utf8"));
    assert.equal(
      await readFile(join(repository, SCENARIO), "utf8"),
      EDITOR_LINE + (await readFile(SHIPPED_SCENARIO, "utf8")),
    );
    assert.deepEqual(lines(result.stdout), [
      `Wrote ${SCENARIO}: a starter scenario (the agent adds to Ada's cart, her cart stream shows it, the journal holds that one write)`,
      `Wrote ${WORKFLOW}: runs scenarios/*.yaml on every push and pull request (GitHub Actions)`,
      "",
      "Next:",
      `  - Add agent-commerce-sandbox to the devDependencies of package.json: the workflow installs it with npm ci, then runs its bin (${join(PROJECT_ROOT, "README.md")} says how to install it).`,
      `  - Run the scenarios as the workflow will: ${RUN_STEP}`,
      `  - Write your own beside the starter: ${join(PROJECT_ROOT, "docs/scenarios.md")} describes each step.`,
      `  - Commit scenarios/ and ${WORKFLOW}.`,
    ]);
  },
);

test(
  "in a repository that lists the package, the run init prints passes on the scenario it wrote, and editors find the schema",
  TIMEOUT,
  async (t) => {
    const repository = await tempDir(t);
    const manifest = { name: "shop-app", private: true, devDependencies: { "agent-commerce-sandbox": "^0.1.0" } };
    await writeFile(join(repository, "package.json"), JSON.stringify(manifest));
    await installPackage(repository);
    const result = await runInProcess(["init"], { cwd: repository });
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stdout, /devDependencies/, "no install step where the package is listed");
    const step = lines(result.stdout).find((line) => line.startsWith("  - Run the scenarios"));
    assert.equal(step, `  - Run the scenarios as the workflow will: ${RUN_STEP}`);

    // The command as printed, through a shell (the glob) and npx, as the team and the workflow run it.
    const { stdout } = await run("bash", ["-c", RUN_STEP], { cwd: repository, env: cliEnv(), timeout: 90_000 });
    assert.match(stdout, /^✓ The agent adds to the cart .*\(scenarios\/agent-adds-to-cart\.yaml, \d+ ms\)$/m);
    assert.match(stdout, /^1 passed, 0 failed$/m);

    // The scenario's first line names the schema where the package is installed beside it.
    const [, schemaPath] = /\$schema=(\S+)/.exec(await readFile(join(repository, SCENARIO), "utf8")) ?? [];
    const schema = JSON.parse(await readFile(resolve(repository, "scenarios", String(schemaPath)), "utf8")) as unknown;
    assert.deepEqual(schema, JSON.parse(JSON.stringify(SCENARIO_SCHEMA)));
  },
);

test(
  "sandbox init overwrites nothing without --force, names what exists, and --force replaces it",
  TIMEOUT,
  async (t) => {
    const repository = await tempDir(t);
    assert.equal((await runInProcess(["init"], { cwd: repository })).code, 0);
    await writeFile(join(repository, SCENARIO), "name: ours\n");

    const both = await runInProcess(["init"], { cwd: repository });
    assert.equal(both.errorCode, "file_exists");
    assert.equal(
      assertOneLineError(both),
      `Error: ${SCENARIO} and ${WORKFLOW} exist already: nothing was written. Run init again with --force to replace them, or move them aside.`,
    );
    assert.equal(both.stdout, "");

    await rm(join(repository, WORKFLOW));
    const one = await runInProcess(["init"], { cwd: repository });
    assert.equal(
      assertOneLineError(one),
      `Error: ${SCENARIO} exists already: nothing was written. Run init again with --force to replace it, or move it aside.`,
    );
    assert.equal(await readFile(join(repository, SCENARIO), "utf8"), "name: ours\n", "the team's file is kept");
    await assert.rejects(lstat(join(repository, WORKFLOW)), { code: "ENOENT" }, "nothing was written");

    // --force replaces what is there; a link is replaced by the file, not written through.
    const elsewhere = join(repository, "elsewhere.yaml");
    await writeFile(elsewhere, "name: elsewhere\n");
    await rm(join(repository, SCENARIO));
    await symlink(elsewhere, join(repository, SCENARIO));
    const forced = await runInProcess(["init", "--force"], { cwd: repository });
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(forced.stdout, new RegExp(`^Wrote ${SCENARIO}: `, "m"));
    assert.ok((await lstat(join(repository, SCENARIO))).isFile());
    assert.equal(
      await readFile(join(repository, SCENARIO), "utf8"),
      EDITOR_LINE + (await readFile(SHIPPED_SCENARIO, "utf8")),
    );
    assert.equal(await readFile(elsewhere, "utf8"), "name: elsewhere\n");
    assert.equal(await readFile(join(repository, WORKFLOW), "utf8"), await readFile(SHIPPED_WORKFLOW, "utf8"));
  },
);

test("sandbox init <dir> writes there (made if missing), and the next steps go there first", TIMEOUT, async (t) => {
  const cwd = await tempDir(t);
  const result = await runInProcess(["init", "shop app/web"], { cwd });
  assert.equal(result.code, 0, result.stderr);
  assert.ok((await lstat(join(cwd, "shop app/web", SCENARIO))).isFile());
  assert.ok((await lstat(join(cwd, "shop app/web", WORKFLOW))).isFile());
  assert.match(result.stdout, new RegExp(`^Wrote shop app/web/${SCENARIO}: `, "m"));
  assert.match(result.stdout, /of shop app\/web\/package\.json: /);
  assert.ok(result.stdout.includes(`  - Run the scenarios as the workflow will: cd 'shop app/web' && ${RUN_STEP}\n`));

  // A file where a folder must go: said in one line, naming it.
  await writeFile(join(cwd, "scenarios"), "");
  const blocked = await runInProcess(["init"], { cwd });
  assert.match(
    assertOneLineError(blocked),
    new RegExp(
      `^Error: Cannot write ${join(cwd, "scenarios")}: EEXIST\\. Choose a path in a folder you may write to\\.$`,
    ),
  );
});

test("sandbox init --help names the files it copies, with examples", TIMEOUT, async () => {
  const result = await runInProcess(["init", "--help"]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Usage: sandbox init \[options\] \[dir\]$/m);
  assert.ok(result.stdout.includes(`  ${SCENARIO}  (${SHIPPED_SCENARIO})\n`), result.stdout);
  assert.ok(result.stdout.includes(`  ${WORKFLOW}  (${SHIPPED_WORKFLOW})\n`), result.stdout);
  assert.match(result.stdout, /^ {2}npx sandbox init$/m);
});
