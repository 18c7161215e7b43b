#!/usr/bin/env node
// The `sandbox` command: runs the compiled CLI in dist/ (`npm run build` makes it; `npm ci` and
// `npm test` build first). `npm run dev -- <command>` runs the sources instead.
try {
  await import("../dist/cli.js");
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("/dist/cli.js")) throw error;
  console.error("sandbox: dist/ is missing: run `npm run build` (or `npm run dev -- <command>` to run the sources).");
  process.exitCode = 1;
}
