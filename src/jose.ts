import { createRequire } from "node:module";

type Jose = typeof import("jose");

let loaded: Jose | undefined;

/**
 * jose, loaded at its first use (a token signed, verified or decoded): its 46 modules take ~35 ms
 * to load, a third of what importing the package costs a process that only starts a sandbox and
 * stops it, as each test file of a suite does. Node 20.19 and later require() an ES module.
 */
export function jose(): Jose {
  loaded ??= createRequire(import.meta.url)("jose") as Jose;
  return loaded;
}
