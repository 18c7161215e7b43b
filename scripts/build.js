// `npm run build`, run by `prepare` (so by `npm ci` here, `npm pack`, `npm publish` and a team's
// install from git), by `npm test`, and by the first `npx sandbox` of a checkout without dist/
// (bin/sandbox.js): what the package runs, in dist/:
// - the code, bundled by esbuild into dist/index.js (the package's entry), dist/cli.js (the
//   `sandbox` command) and the chunks they share or load on demand, all directly in dist/
//   (src/package-files.ts names the package's files from there). Dependencies stay imports of
//   their packages. A few dozen chunks instead of ~200 modules save a third of the import time.
// - the .d.ts types of the package's entry, in dist/types/ (tsc: esbuild writes no types);
// - what is not code: the chat embed's pages, and the API reference page's script with its
//   license (vendored in src/openapi/assets/scalar/, so that the build needs only esbuild and
//   TypeScript, and no user installs the framework Scalar was built with).
// Types are checked by `npm run typecheck`, not here, so that a build never fails on them.
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const require = createRequire(import.meta.url);

let esbuild;
let tsc;
try {
  esbuild = await import("esbuild");
  tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
} catch {
  console.log("esbuild and TypeScript are not installed (an install without dev dependencies): no dist/ built.");
  process.exit(0);
}

rmSync(dist, { recursive: true, force: true });
try {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { index: "src/index.ts", cli: "src/cli/run.ts" },
    outdir: "dist",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    packages: "external",
    logLevel: "warning",
  });
} catch {
  fail("esbuild");
}
const types = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });
if (types.status !== 0) fail("tsc (the .d.ts types)");
keepOnlyReachable(join(dist, "types"), "index.d.ts");

cpSync(join(root, "src/host-app/embed/assets"), join(dist, "assets/embed"), { recursive: true });
// Scalar's standalone bundle, vendored with its license: one self-contained script.
cpSync(join(root, "src/openapi/assets/scalar"), join(dist, "assets/scalar"), {
  recursive: true,
  filter: (source) => !source.endsWith(".md"),
});

/**
 * tsc writes a .d.ts for every module the entry imports, types or not; a user's compiler reads
 * only those the entry's types lead to (~15 of ~200). The rest is removed.
 */
function keepOnlyReachable(dir, entry) {
  const reached = new Set();
  const visit = (file) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const [, specifier] of readFileSync(join(dir, file), "utf8").matchAll(
      /^(?:import|export)\b[^;]*?from "(\.[^"]+)"/gm,
    ))
      visit(join(dirname(file), specifier.replace(/\.ts$/, ".d.ts")));
  };
  visit(entry);
  for (const file of readdirSync(dir, { recursive: true }))
    if (file.endsWith(".d.ts") && !reached.has(file)) rmSync(join(dir, file));
  // Folders left empty.
  for (const folder of readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .reverse())
    if (readdirSync(join(folder.parentPath, folder.name)).length === 0)
      rmSync(join(folder.parentPath, folder.name), { recursive: true });
}

function fail(step) {
  rmSync(dist, { recursive: true, force: true });
  console.error(`The build failed in ${step}: no dist/.`);
  process.exit(1);
}
