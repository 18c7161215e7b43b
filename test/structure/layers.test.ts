import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

/** `npm run layers` as CI runs it, in `cwd`: its exit code and what it printed. */
function checkLayers(cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DEPCRUISE, "src", "--config", CONFIG, "--output-type", "err"],
      { cwd },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}

/** A tree of its own with these files, each importing what its text says. */
async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sandbox-layers-"));
  await writeFile(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true } }),
  );
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

test("src/ keeps its layers: no cycle, no import against the rules", async () => {
  const { code, output } = await checkLayers(ROOT);
  assert.equal(code, 0, output);
  assert.match(output, /no dependency violations found/);
});

test("a forbidden import fails the check with the rule's name", async (t) => {
  // One tree that breaks three rules: a domain importing the CLI, a client reaching into a domain, a loop.
  const dir = await tree({
    "src/storefront/app.ts": 'import "../cli/main.ts";\n',
    "src/cli/main.ts": "export {};\n",
    "src/tui/app.ts": 'import "../wallet/store.ts";\n',
    "src/wallet/store.ts": "export {};\n",
    "src/agent/a.ts": 'import "./b.ts";\n',
    "src/agent/b.ts": 'import "./a.ts";\n',
  });
  t.after(() => rm(dir, { recursive: true, force: true }));
  const { code, output } = await checkLayers(dir);
  assert.notEqual(code, 0, output);
  assert.match(output, /error layer-storefront: src\/storefront\/app\.ts → src\/cli\/main\.ts/);
  assert.match(output, /error clients-through-client-tier: src\/tui\/app\.ts → src\/wallet\/store\.ts/);
  assert.match(output, /error no-cycle: src\/agent\/(a|b)\.ts/);
});
