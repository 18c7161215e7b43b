// The commands are tested in-process; these few runs check that bin/sandbox.js itself works as a process.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { assertOneLineError, PROJECT_ROOT, runCli, tempDir } from "../helpers/cli.ts";

const TIMEOUT = { timeout: 60_000 };

test("the bin prints the help and exits 0", TIMEOUT, async (t) => {
  const result = await runCli(t, ["--help"]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Usage: sandbox \[options\] \[command\]$/m);
  assert.match(result.stdout, /^ {2}start\b/m);
});

test("the bin runs a command: users --json prints the fixture's users", TIMEOUT, async (t) => {
  const result = await runCli(t, ["users", "--json"]);
  assert.equal(result.code, 0, result.stderr);
  const { users } = JSON.parse(await readFile(join(PROJECT_ROOT, "fixtures", "users.json"), "utf8")) as {
    users: unknown[];
  };
  assert.deepEqual(JSON.parse(result.stdout), users);
});

test(
  "the bin ends an expected error with one line, its exit code (2: a usage error) and no stack",
  TIMEOUT,
  async (t) => {
    const result = await runCli(t, ["start", "--storefront-port", "abc", "--data-dir", await tempDir(t)]);
    assert.match(assertOneLineError(result, 2), /--storefront-port/);
    assert.equal(result.signal, null);
  },
);
