#!/usr/bin/env node
// The `sandbox` command: runs the build in dist/. In a checkout of the repository (scripts/ is
// there, as after `npm ci`) a missing build is made first, once; after an edit `npm run build`
// makes it again, or `npm run dev -- <command>` runs the sources. The package ships dist/ built.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const cli = new URL("../dist/cli.js", import.meta.url);
const build = new URL("../scripts/build.js", import.meta.url);

if (!existsSync(cli) && existsSync(build)) {
  console.error("Building dist/ first (once after npm ci; npm run build does it again after an edit)…");
  // On stderr, so that a first `--json` run still prints only its JSON on stdout.
  spawnSync(process.execPath, [fileURLToPath(build)], { stdio: ["ignore", 2, 2] });
}
if (existsSync(cli)) await import(cli.href);
else {
  console.error("sandbox: dist/ is missing: run `npm run build` (or `npm run dev -- <command>` to run the sources).");
  process.exitCode = 1;
}
