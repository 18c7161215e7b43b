// npm run build compiles src/ into dist/; the bin runs dist/ only while no source is newer than the build.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFile, cp, readFile, rename, symlink, utimes } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { PROJECT_ROOT, runCli, startArgs, startCli, stopCli, tempDir } from "../helpers/cli.ts";
import { loadedModules, RECORD_LOADS } from "../helpers/loaded-modules.ts";

const TIMEOUT = { timeout: 120_000 };

/** A copy of the project (its own src/, dist/ and bin/; the same node_modules), built as `npm ci` builds it. */
async function builtCopy(t: { after(fn: () => unknown): void }): Promise<string> {
  const root = await tempDir(t, "sandbox-build-");
  for (const file of ["package.json", "tsconfig.json", "tsconfig.build.json"])
    await copyFile(join(PROJECT_ROOT, file), join(root, file));
  for (const dir of ["bin", "scripts", "src", "fixtures"])
    await cp(join(PROJECT_ROOT, dir), join(root, dir), { recursive: true });
  await symlink(join(PROJECT_ROOT, "node_modules"), join(root, "node_modules"));
  build(root);
  return root;
}

function build(root: string): void {
  const result = spawnSync(process.execPath, [join(root, "scripts/build.js")], { encoding: "utf8" });
  assert.equal(result.status, 0, result.stderr);
}

/** Where `sandbox users --json` ran its code from, in that copy: "dist" or "src". */
async function ranFrom(t: { after(fn: () => unknown): void }, root: string): Promise<string> {
  const result = await runCli(t, ["users", "--json"], {
    bin: join(root, "bin/sandbox.js"),
    env: { NODE_OPTIONS: RECORD_LOADS },
  });
  assert.equal(result.code, 0, result.stderr);
  assert.equal((JSON.parse(result.stdout) as unknown[]).length, 3);
  const main = loadedModules(result.stderr).filter(
    (url) => url.endsWith("/cli/main.js") || url.endsWith("/cli/main.ts"),
  );
  assert.equal(main.length, 1, "one copy of the CLI ran");
  return main[0]!.startsWith(`file://${join(root, "dist")}/`)
    ? "dist"
    : main[0]!.startsWith(`file://${join(root, "src")}/`)
      ? "src"
      : main[0]!;
}

/** One built copy for the file: the sandbox runs from it first, then the other test changes it. */
let root: string;
const cleanups: (() => unknown)[] = [];
before(async () => {
  root = await builtCopy({ after: (cleanup) => cleanups.push(cleanup) });
}, TIMEOUT);
after(() => Promise.all(cleanups.map((cleanup) => cleanup())));

test(
  "a sandbox run from dist/ finds the seed in fixtures/, the embed's pages in src/ and the version in package.json",
  TIMEOUT,
  async (t) => {
    const { cli, url } = await startCli(t, startArgs(await tempDir(t)), {
      bin: join(root, "bin/sandbox.js"),
      env: { NODE_OPTIONS: RECORD_LOADS },
    });
    assert.ok(
      loadedModules(cli.stderr()).some((loaded) =>
        loaded.startsWith(`file://${join(root, "dist")}/runtime/sandbox.js`),
      ),
      "the servers run from dist/",
    );
    assert.match(cli.stdout(), /Ada Okafor +ada@example\.com/);
    const host = /^ {2}host app +(http:\S+)$/m.exec(cli.stdout())![1]!;

    const index = (await (await fetch(url)).json()) as { version: string };
    assert.equal(
      index.version,
      (JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { version: string }).version,
    );
    const page = await fetch(`${host}/embed/assets/embed.js`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /\S/);
    // The agent's actions (fixtures/actions/) and its resolver, loaded at the first question.
    const ask = await fetch(`${host}/embed/api/ask`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "search for rice" }),
    });
    assert.equal(ask.status, 200, await ask.clone().text());
    assert.match(((await ask.json()) as { answer: string }).answer, /rice/i);
    await stopCli(cli);
  },
);

test(
  "the bin runs dist/ while it is current, and the sources through tsx once one of them is newer or the build is gone",
  TIMEOUT,
  async (t) => {
    assert.equal(await ranFrom(t, root), "dist");
    const buildJson = join(root, "dist/build.json");
    await rename(buildJson, `${buildJson}.away`);
    assert.equal(await ranFrom(t, root), "src", "without dist/build.json");
    await rename(`${buildJson}.away`, buildJson);
    assert.equal(await ranFrom(t, root), "dist");

    // A source edited after the build began (one the command does not even load): all of dist/ is stale.
    const { builtFrom } = JSON.parse(await readFile(buildJson, "utf8")) as { builtFrom: number };
    const edited = new Date(builtFrom + 1);
    await utimes(join(root, "src/wallet/insights.ts"), edited, edited);
    assert.equal(await ranFrom(t, root), "src");
    // Built again (after that edit, as any build now is), dist/ is current.
    build(root);
    assert.equal(await ranFrom(t, root), "dist");

    // A new file in a folder counts as a change too.
    await copyFile(join(root, "src/money.ts"), join(root, "src/copy-of-money.ts"));
    assert.equal(await ranFrom(t, root), "src");
  },
);
