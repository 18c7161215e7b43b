// The build (dist/, which `npm test` and `npm run test:ci` make first) is what the package ships
// and what `npx sandbox` runs: it must work with nothing of src/ beside it. The install from a
// packed tarball is checked whole by `npm run bench -- --only install`. A `.ci.test.ts` file: copying the
// package and building it again from a copy cost ~10 s of CPU, so .ci/run runs it (npm run test:ci).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cp, mkdir, readdir, readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT, runCli, startArgs, startCli, stopCli, tempDir } from "../helpers/cli.ts";
import { loadedModules, RECORD_LOADS } from "../helpers/loaded-modules.ts";

const TIMEOUT = { timeout: 60_000 };

/** What the package ships (package.json's `files`), copied without src/; the packages of this node_modules but those left out. */
async function shippedCopy(
  t: { after(fn: () => unknown): void },
  { parts = ["bin", "dist", "fixtures"], without = [] as string[] } = {},
): Promise<string> {
  const root = await tempDir(t, "sandbox-shipped-");
  for (const part of [...parts, "package.json"])
    await cp(join(PROJECT_ROOT, part), join(root, part), { recursive: true });
  await mkdir(join(root, "node_modules"));
  for (const name of await readdir(join(PROJECT_ROOT, "node_modules")))
    if (!without.includes(name))
      await symlink(join(PROJECT_ROOT, "node_modules", name), join(root, "node_modules", name));
  return root;
}

test(
  "the build runs without the sources: the seed from fixtures/, the embed's pages, the docs page's script, the agent's actions and the version",
  TIMEOUT,
  async (t) => {
    const root = await shippedCopy(t);
    const { cli, url } = await startCli(t, startArgs(await tempDir(t)), {
      bin: join(root, "bin/sandbox.js"),
      env: { NODE_OPTIONS: RECORD_LOADS },
    });
    const ours = loadedModules(cli.stderr()).filter(
      (loaded) => loaded.startsWith("file:") && !loaded.includes("/node_modules/"),
    );
    assert.ok(ours.length > 0, "the loads were recorded");
    assert.deepEqual(
      ours.filter(
        (loaded) => !loaded.startsWith(`file://${join(root, "dist")}/`) && !loaded.endsWith("/bin/sandbox.js"),
      ),
      [],
      "only the build runs",
    );
    assert.match(cli.stdout(), /Ada Okafor +ada@example\.com/);
    const host = /^ {2}host app +(http:\S+)$/m.exec(cli.stdout())![1]!;

    const index = (await (await fetch(url)).json()) as { version: string };
    const { version } = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { version: string };
    assert.equal(index.version, version);
    const page = await fetch(`${host}/embed/assets/embed.js`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /\S/);
    const script = await fetch(`${url}/docs/scalar.js`);
    assert.equal(script.status, 200);
    assert.match(await script.text(), /@scalar\/api-reference/);
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

test("without a build, the command says in one line how to make one", TIMEOUT, async (t) => {
  const root = await shippedCopy(t, { parts: ["bin", "fixtures"] });
  const result = await runCli(t, ["users"], { bin: join(root, "bin/sandbox.js") });
  assert.equal(result.code, 1);
  assert.equal(
    result.stderr,
    "sandbox: dist/ is missing: run `npm run build` (or `npm run dev -- <command>` to run the sources).\n",
  );
});

test(
  "a redis:// session store without the Redis client installed (an optional peer dependency) says what to install",
  TIMEOUT,
  async (t) => {
    const root = await shippedCopy(t, { without: ["redis", "@redis"] });
    const result = await runCli(t, [...startArgs(await tempDir(t)), "--session-store", "redis://127.0.0.1:1"], {
      bin: join(root, "bin/sandbox.js"),
    });
    assert.equal(result.code, 1, result.stderr);
    assert.equal(
      result.stderr,
      "Error: The redis:// session store needs the Redis client, which is not installed: npm install redis (or choose --session-store memory or file).\n",
    );
  },
);

test(
  "importing the package and starting a sandbox loads no agent, terminal UI, checker, date parser, MCP SDK or CLI",
  TIMEOUT,
  async () => {
    const script = `const { startSandbox } = await import("agent-commerce-sandbox");
    const sandbox = await startSandbox();
    await sandbox.close();`;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, NODE_OPTIONS: RECORD_LOADS },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.once("close", (code) => resolve({ code, stderr }));
    });
    assert.equal(result.code, 0, result.stderr);
    const packages = new Set(
      loadedModules(result.stderr).flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []),
    );
    assert.deepEqual([...packages].sort(), ["h3", "immer", "lowdb", "rou3", "srvx"]);
  },
);

test(
  "in a checkout without dist/ (right after npm ci), the first command builds it, saying so on stderr",
  TIMEOUT,
  async (t) => {
    const root = await shippedCopy(t, {
      parts: ["bin", "fixtures", "scripts", "src", "tsconfig.json", "tsconfig.build.json"],
    });
    const first = await runCli(t, ["users", "--json"], { bin: join(root, "bin/sandbox.js") });
    assert.equal(first.code, 0, first.stderr);
    assert.equal((JSON.parse(first.stdout) as unknown[]).length, 3, "stdout holds the JSON only");
    assert.match(
      first.stderr,
      /^Building dist\/ first \(once after npm ci; npm run build does it again after an edit\)…\n/,
    );
    const second = await runCli(t, ["users", "--json"], { bin: join(root, "bin/sandbox.js") });
    assert.equal(second.stderr, "", "built once");
  },
);
