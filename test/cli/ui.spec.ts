import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { assertOneLineError, runCli, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 60_000 };

test(
  "start --ui without a terminal is refused with one line and exit code 2, before any server starts",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const result = await runCli(t, startArgs(dataDir, "--ui"));
    const line = assertOneLineError(result, 2);
    assert.match(line, /^Error: sandbox start --ui needs a terminal \(stdin and stdout a TTY\)/);
    assert.equal(existsSync(join(dataDir, "storefront.json")), false, "no server started, so no data was seeded");
  },
);

test("start --ui with --detach is a usage error", TIMEOUT, async () => {
  const result = await runInProcess(["start", "--ui", "--detach", "--storefront-port", "0"]);
  assert.deepEqual([result.code, result.errorCode], [2, "flags_conflict"]);
  assert.match(result.stderr, /--ui and --detach do not go together/);
});

test("ui without a terminal is refused with one line and exit code 2", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const result = await runInProcess(["ui", "--data-dir", dataDir]);
  assert.deepEqual([result.code, result.errorCode], [2, "terminal_required"], result.stderr);
  assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
  assert.match(result.stderr, /sandbox ui needs a terminal/);
});

test("ui says what to do when no sandbox runs on the data dir, and checks the URLs it is given", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const none = await runInProcess(["ui", "--data-dir", dataDir]);
  assert.deepEqual([none.code, none.errorCode], [1, "sandbox_not_running"]);
  assert.match(none.stderr, /No sandbox runs on .*: start one with npx sandbox start \(or start --ui\)/);
  const bad = await runInProcess(["ui", "--storefront-url", "localhost:8084"]);
  assert.deepEqual([bad.code, bad.errorCode], [2, "flag_invalid"]);
  assert.match(bad.stderr, /--storefront-url must be an http\(s\) URL/);
});

test("ui --help shows its usage, its keys and examples", TIMEOUT, async () => {
  const result = await runInProcess(["ui", "--help"]);
  assert.equal(result.code, 0);
  assert.match(result.stdout, /^Usage: sandbox ui \[options\]$/m);
  assert.match(result.stdout, /0–8 switch screens/);
  assert.match(result.stdout, /^ {2}npx sandbox ui --storefront-url /m);
});
