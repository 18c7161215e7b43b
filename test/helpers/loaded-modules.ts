/** Which modules a CLI process loads: a test can check that a command loads only what it needs, or runs from dist/. */

/** For NODE_OPTIONS: writes every module the process loads to stderr, one `loaded <url>` line each. */
export const RECORD_LOADS = `--import=data:text/javascript,${encodeURIComponent(`
  import { register } from "node:module";
  register("data:text/javascript," + encodeURIComponent(
    "export async function load(url, context, next) { process.stderr.write('loaded ' + url + '\\\\n'); return next(url, context); }"
  ));
`)}`;

/** The URLs of the modules a process run with RECORD_LOADS loaded, from its stderr. */
export function loadedModules(stderr: string): string[] {
  return stderr
    .split("\n")
    .filter((line) => line.startsWith("loaded "))
    .map((line) => line.slice("loaded ".length));
}
