// `node scripts/tool.js <tool> [args…]`: runs one of the development tools (the test runner, the
// linter, the layer check…) from test/node_modules. They live in test/package.json, not in the
// package's devDependencies, because npm installs a package's whole dev tree for every team that
// installs it from git (to run `prepare`, the build): that tree holds only what the build needs.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const [tool, ...args] = process.argv.slice(2);
const bin = fileURLToPath(new URL(`../test/node_modules/.bin/${tool}`, import.meta.url));
if (!tool || !existsSync(bin)) {
  console.error(`${tool ?? "The tool"} is not installed. Install the development tools first: npm ci --prefix test`);
  process.exit(1);
}
const child = spawn(bin, args, { stdio: "inherit" });
// Ctrl-C reaches the tool through the terminal's process group; a signal sent to this process alone is passed on.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
