// `npm run build`, run by `npm ci` through `prepare`: compiles src/ into dist/ (same layout and
// depth, so that what the code finds relative to its own file, fixtures/, package.json and the
// embed's pages under src/, is found from dist/ too), and writes dist/build.json last. bin/load-source.js runs dist/ only when that file says it was
// built from sources no older than src/ holds now; otherwise it runs src/ through tsx.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
// Taken before the compiler reads anything: a source saved during the build counts as newer.
const startedAt = Date.now();

let tsc;
try {
  tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");
} catch {
  // Installed without dev dependencies: the CLI runs the sources through tsx, only slower to start.
  console.log("TypeScript is not installed: no dist/ (the CLI runs src/ through tsx).");
  process.exit(0);
}

rmSync(dist, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });
if (compiled.status !== 0) {
  rmSync(dist, { recursive: true, force: true });
  console.error("The build failed: no dist/ (the CLI runs src/ through tsx).");
  process.exit(compiled.status ?? 1);
}
writeFileSync(join(dist, "build.json"), `${JSON.stringify({ builtFrom: startedAt })}\n`);
