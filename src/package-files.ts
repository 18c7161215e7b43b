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
