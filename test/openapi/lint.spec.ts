import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { startFullSandbox } from "../helpers/agent.ts";
import { PROJECT_ROOT, tempDir } from "../helpers/cli.ts";

const run = promisify(execFile);

test("Redocly's recommended rules find no error and no warning in the three documents", {
  timeout: 120_000,
}, async (t) => {
  const sandbox = await startFullSandbox(t);
  const dir = await tempDir(t, "sandbox-openapi-lint-");
  const files: string[] = [];
  for (const [service, url] of Object.entries(sandbox.urls)) {
    const file = join(dir, `${service}.openapi.json`);
    await writeFile(file, await (await fetch(`${url}/openapi.json`)).text());
    files.push(file);
  }
  // From the project root, so that redocly.yaml (the rules turned off, and why) applies; offline.
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const result = await run(
    join(PROJECT_ROOT, "test/node_modules/.bin/redocly"),
    ["lint", "--extends", "recommended", "--format", "json", ...files],
    { cwd: PROJECT_ROOT, env },
  ).catch((error: { stdout: string; stderr: string }) => error);
  const totals = [...result.stdout.matchAll(/"errors": (\d+),\s*"warnings": (\d+)/g)].map((match) => ({
    errors: Number(match[1]),
    warnings: Number(match[2]),
  }));
  assert.equal(totals.length, files.length, `a result for each document:\n${result.stdout}\n${result.stderr}`);
  assert.deepEqual(
    totals,
    files.map(() => ({ errors: 0, warnings: 0 })),
    result.stdout,
  );
});
