import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
/** The second pass: what clients reach through chains of imports. */
const REACH_CONFIG = join(ROOT, ".dependency-cruiser.reach.cjs");
const DEPCRUISE = join(ROOT, "test", "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

/** A pass of `npm run layers` as CI runs it, in `cwd`: its exit code and what it printed. */
function checkLayers(cwd: string, config = CONFIG): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DEPCRUISE, "src", "--config", config, "--output-type", "err"],
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

test("src/ keeps its layers: no cycle, no import against the rules, no client reaching server code", async () => {
  for (const config of [CONFIG, REACH_CONFIG]) {
    const { code, output } = await checkLayers(ROOT, config);
    assert.equal(code, 0, output);
    assert.match(output, /no dependency violations found/);
  }
});

test("a forbidden import fails the check with the rule's name", async (t) => {
  // One tree that breaks five rules: a domain importing the CLI, a contract importing a server, clients
  // reaching into a domain and into the controls, a loop.
  const dir = await tree({
    "src/storefront/app.ts": 'import "../cli/main.ts";\n',
    "src/cli/main.ts": "export {};\n",
    "src/contracts/wallet/routes.ts": 'import "../../wallet/store.ts";\n',
    "src/scenario/steps.ts": 'import "../controls/faults/fault.ts";\n',
    "src/controls/faults/fault.ts": "export {};\n",
    "src/tui/app.ts": 'import "../wallet/store.ts";\n',
    "src/wallet/store.ts": "export {};\n",
    "src/agent/a.ts": 'import "./b.ts";\n',
    "src/agent/b.ts": 'import "./a.ts";\n',
  });
  t.after(() => rm(dir, { recursive: true, force: true }));
  const { code, output } = await checkLayers(dir);
  assert.notEqual(code, 0, output);
  assert.match(output, /error layer-storefront: src\/storefront\/app\.ts → src\/cli\/main\.ts/);
  assert.match(output, /error layer-contracts: src\/contracts\/wallet\/routes\.ts → src\/wallet\/store\.ts/);
  assert.match(output, /error clients-through-client-tier: src\/tui\/app\.ts → src\/wallet\/store\.ts/);
  assert.match(
    output,
    /error clients-through-client-tier: src\/scenario\/steps\.ts → src\/controls\/faults\/fault\.ts/,
  );
  assert.match(output, /error no-cycle: src\/agent\/(a|b)\.ts/);
});

test("a folder of src/ in no layer fails the check, whether it imports, is imported or stands alone", async (t) => {
  const dir = await tree({
    "src/helpers/a.ts": 'import "../errors.ts";\n',
    "src/errors.ts": "export {};\n",
    "src/extras/alone.ts": "export {};\n",
    "src/cli/main.ts": 'import "../shared/util.ts";\n',
    "src/shared/util.ts": "export {};\n",
  });
  t.after(() => rm(dir, { recursive: true, force: true }));
  const { code, output } = await checkLayers(dir);
  assert.notEqual(code, 0, output);
  assert.match(output, /error every-folder-in-a-layer: src\/helpers\/a\.ts → src\/errors\.ts/);
  assert.match(output, /error every-folder-in-a-layer: src\/extras\/alone\.ts/);
  assert.match(output, /error every-folder-in-a-layer: src\/cli\/main\.ts → src\/shared\/util\.ts/);
});

test("packages stay where they belong: ink and react in the terminal UI, the MCP SDK in the MCP server, h3 in the servers", async (t) => {
  const dir = await tree({
    "src/agent/answer.ts": 'import "ink";\nimport "@modelcontextprotocol/sdk/server/index.js";\n',
    "src/agent/mcp.ts": 'import "@modelcontextprotocol/sdk/server/index.js";\n',
    "src/tui/app.tsx": 'import "ink";\nimport "react";\n',
    "src/client/http.ts": 'import "h3";\n',
    "src/http/serve.ts": 'import "h3";\n',
  });
  t.after(() => rm(dir, { recursive: true, force: true }));
  const { code, output } = await checkLayers(dir);
  assert.notEqual(code, 0, output);
  assert.match(output, /error ink-only-in-the-terminal-ui: src\/agent\/answer\.ts → ink/);
  assert.match(output, /error mcp-sdk-only-where-mcp-is-served: src\/agent\/answer\.ts → @modelcontextprotocol/);
  assert.match(output, /error h3-only-in-the-servers: src\/client\/http\.ts → h3/);
  // Where each package belongs, it passes.
  assert.doesNotMatch(output, /src\/tui\/app\.tsx|src\/agent\/mcp\.ts|src\/http\/serve\.ts/);
});

test("a client that reaches server code through any chain of imports fails; through the runtime it does not", async (t) => {
  const dir = await tree({
    // A re-export in the client tier would launder the wallet's store for the terminal UI.
    "src/tui/app.ts": 'import "../client/shapes.ts";\n',
    "src/client/shapes.ts": 'export * from "../wallet/store.ts";\n',
    "src/wallet/store.ts": "export {};\n",
    // Starting a sandbox through the composition root is the one way through.
    "src/scenario/target.ts": 'import "../runtime/start-sandbox.ts";\n',
    "src/runtime/start-sandbox.ts": 'import "../storefront/app.ts";\n',
    "src/storefront/app.ts": "export {};\n",
  });
  t.after(() => rm(dir, { recursive: true, force: true }));
  const { code, output } = await checkLayers(dir, REACH_CONFIG);
  assert.notEqual(code, 0, output);
  assert.match(output, /error clients-reach-no-server-code: src\/tui\/app\.ts → src\/wallet\/store\.ts/);
  assert.match(output, /error clients-reach-no-server-code: src\/client\/shapes\.ts → src\/wallet\/store\.ts/);
  assert.doesNotMatch(output, /src\/scenario\/target\.ts|src\/storefront\/app\.ts/);
});

test("every import is one the layer check sees: no type-only re-export, which its parser (swc) does not read", async () => {
  // `export type { X } from "…"` would pass any rule unseen: import the type, then export it.
  const entries = await readdir(join(ROOT, "src"), { withFileTypes: true, recursive: true });
  const unseen: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const text = await readFile(join(entry.parentPath, entry.name), "utf8");
    if (/^export type (?:\{[^}]*\}|\*(?: as \w+)?)\s*from\b/m.test(text))
      unseen.push(join(entry.parentPath, entry.name));
  }
  assert.deepEqual(unseen, []);
});
