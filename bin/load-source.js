// Where the CLI and the package's entry run their code from: dist/, compiled by `npm run build`
// (which `npm ci` runs), when it was built from the sources src/ holds now; otherwise src/
// itself, through tsx. An edit to src/ after the build is never served from the stale copy:
// any file newer than the build makes all of dist/ stale (one file can change what the others
// need), and the sources run as they are, only slower to start, until the next build.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = new URL("../", import.meta.url);

/** The module at `name` under src/ (a path without extension: "cli/main"), compiled or not. */
export async function importSource(name) {
  if (builtFromCurrentSources()) return import(new URL(`dist/${name}.js`, ROOT).href);
  const { register } = await import("tsx/esm/api");
  register();
  return import(new URL(`src/${name}.ts`, ROOT).href);
}

/** dist/build.json names when the build read src/: nothing in src/ may have changed since. */
function builtFromCurrentSources() {
  let builtFrom;
  try {
    builtFrom = JSON.parse(readFileSync(new URL("dist/build.json", ROOT), "utf8")).builtFrom;
  } catch {
    return false;
  }
  return typeof builtFrom === "number" && newestIn(fileURLToPath(new URL("src", ROOT))) < builtFrom;
}

/** The latest modification time in a folder's tree: a file's edit, or a folder's added, removed or renamed entry. */
function newestIn(dir) {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}
