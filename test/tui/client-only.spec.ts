import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
/** What a client of the servers has no business loading: the services themselves. */
const SERVICE_CODE = ["storefront/", "wallet/", "host-app/", "services/", "runtime/"];
/** Data, not code: the schemas of the services' answers, which the client tier checks answers against. */
const ANSWER_SCHEMAS = ["storefront/schemas.ts", "wallet/schemas.ts"];

/** The modules a file loads when it runs: its imports and re-exports, less those of types only. */
async function runtimeImports(file: string): Promise<string[]> {
  const source = await readFile(file, "utf8");
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"(\.[^"]+)"/gms)].map(
    (match) => match[1]!,
  );
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

test("the terminal UI is a client like any other: nothing it loads, directly or not, is service code", async () => {
  const entries = (await readdir(join(SRC, "tui"), { recursive: true }))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(SRC, "tui", name));
  const seen = new Set<string>();
  const reachedFrom = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of await runtimeImports(file)) {
      if (!reachedFrom.has(imported)) reachedFrom.set(imported, file);
      queue.push(imported);
    }
  }
  const services = [...seen]
    .map((file) => relative(SRC, file))
    .filter((file) => SERVICE_CODE.some((prefix) => file.startsWith(prefix)) && !ANSWER_SCHEMAS.includes(file));
  assert.deepEqual(
    services.map((file) => `${file} (loaded by ${relative(SRC, reachedFrom.get(join(SRC, file))!)})`),
    [],
  );
  assert.ok(seen.size > entries.length, "the walk followed the imports out of src/tui");
});
