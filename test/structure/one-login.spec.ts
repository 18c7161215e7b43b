import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";

/** The clients of the servers; src/check/ probes a deployment's login on purpose, with requests of its own. */
const CLIENTS = ["src/agent", "src/cli", "src/client", "src/scenario", "src/tui"];

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

test("there is one login: every client signs in through src/client/login.ts", async () => {
  // A request to the login route, by its path or by its contract (LOGIN).
  const sending = /\b(?:fetch|call|send|sendPlain|post)\(\s*(?:[^)]*?\/api\/auth\/login|LOGIN\b)/s;
  const found: string[] = [];
  for (const dir of CLIENTS)
    for (const file of await sources(dir)) if (sending.test(await readFile(file, "utf8"))) found.push(file);
  assert.deepEqual(found, ["src/client/login.ts"]);
});
