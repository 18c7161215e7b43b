import { isAbsolute, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the package's own files are (fixtures/, package.json, the pages' assets), from the code
 * that runs: this module lies one folder below the package root both in src/ (run through tsx:
 * the tests, `npm run dev`) and in the build, whose bundles all lie directly in dist/. Every file
 * the code reads of its own is named from here, so that moving code between folders or bundles
 * never breaks a path.
 */
const ROOT = new URL("../", import.meta.url);

/** True while the TypeScript sources run (the tests, `npm run dev`); false in the build. */
export const RUNNING_SOURCES = import.meta.url.endsWith(".ts");

/** A file or folder (with a trailing slash) of the package, by its path from the package root. */
export function packageFile(path: string): URL {
  return new URL(path, ROOT);
}

/**
 * A file the package ships (docs/scenarios.md, examples/scenarios/), as a message or an example
 * names it: its absolute path, which exists wherever the package is installed (a bare
 * "docs/scenarios.md" would name nothing in the user's folder). With `cwd`, a file below it is
 * named from there instead (node_modules/agent-commerce-sandbox/examples/…), as a user types it.
 */
export function packagePath(path: string, cwd?: string): string {
  const absolute = fileURLToPath(packageFile(path));
  return cwd === undefined ? absolute : pathFrom(cwd, absolute);
}

/** An absolute path as a user in `cwd` types it: from there when it lies below, else as it is. */
export function pathFrom(cwd: string, absolute: string): string {
  const below = relative(cwd, absolute);
  return below === "" || below.startsWith("..") || isAbsolute(below) ? absolute : below;
}
