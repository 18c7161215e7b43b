import assert from "node:assert/strict";
import { test } from "node:test";
import { loginAt } from "../helpers/agent.ts";
import { lines, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 60_000 };
const HOUR = 3_600_000;

test("sandbox clock shows, advances, sets and resets the running sandbox's clock", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const { url } = await startInProcess(t, startArgs(dataDir));
  const clock = async (...args: string[]) => {
    const result = await runInProcess(["clock", ...args, "--data-dir", dataDir]);
    assert.equal(result.code, 0, result.stderr);
    return result.stdout;
  };
  assert.match(await clock(), /^Sandbox clock: \d{4}-\d\d-\d\dT[\d:.]+Z \(on the system time\)\n$/);
  const token = await loginAt(url);

  const advanced = JSON.parse(await clock("--advance", "25h", "--json")) as { now: string; offsetMs: number };
  assert.equal(advanced.offsetMs, 25 * HOUR);
  assert.ok(Math.abs(Date.parse(advanced.now) - Date.now() - 25 * HOUR) < 5000);
  const stale = await fetch(`${url}/api/products`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(stale.status, 401, "a token signed before the advance has expired");
  assert.match(await clock(), /\(1d 1h ahead of the system time\)/);

  assert.match(
    await clock("--set", "2020-02-29T12:00:00Z"),
    // The hours are left out when they are 0: from 12:00 to 12:59 UTC the span is whole days.
    /^Sandbox clock: 2020-02-29T12:00:0\d\.\d{3}Z \(\d+d(?: \d+h)? behind the system time\)\n$/,
  );
  const reset = JSON.parse(await clock("--reset", "--json")) as { offsetMs: number };
  assert.equal(reset.offsetMs, 0);
});

test(
  "sandbox clock refuses in one line: a bad duration or time, two moves at once, no sandbox running",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const idle = await runInProcess(["clock", "--data-dir", dataDir]);
    assert.deepEqual([idle.code, idle.errorCode], [1, "sandbox_not_running"]);
    assert.match(idle.stderr, /^Error: No sandbox runs on /);

    await startInProcess(t, startArgs(dataDir));
    // The sandbox refuses a value (exit 1, as any control's error); two moves at once is a usage error (exit 2).
    const cases: [string[], RegExp, number][] = [
      [["--advance", "soon"], /"advance" must be a duration/, 1],
      [["--set", "tomorrow"], /"set" must be an ISO 8601/, 1],
      [["--advance", "1h", "--reset"], /cannot be used with/, 2],
    ];
    for (const [args, message, code] of cases) {
      const result = await runInProcess(["clock", ...args, "--data-dir", dataDir]);
      assert.equal(result.code, code, args.join(" "));
      assert.match(result.stderr, message);
      assert.equal(
        lines(result.stderr).filter((line) => !line.startsWith("(run with --help")).length,
        1,
        result.stderr,
      );
    }
  },
);
