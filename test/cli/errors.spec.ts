// The commands' own failures come from one table (src/cli/errors.ts): a code, an exit code and a text each.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";

test("a command's own failure: one line with its text, its exit code, and its code", {
  timeout: 60_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  const cases = [
    {
      args: ["start", "--json"],
      exitCode: 2,
      code: "flags_conflict",
      message: "--json goes with --detach: the sandbox in the foreground prints its banner.",
    },
    {
      args: ["embed-url", "--user", "ada@example.com", "--mode", "drawer", "--session", " "],
      exitCode: 2,
      code: "flag_invalid",
      message: "--session needs a session id (such as --session preview-1), or leave it out.",
    },
    {
      args: ["import", "missing.json"],
      exitCode: 1,
      code: "read_failed",
      message: `Cannot read ${join(dataDir, "missing.json")}: ENOENT. Give the path of a document written by npx sandbox export, or - to read it from stdin.`,
    },
  ];
  for (const { args, exitCode, code, message } of cases) {
    await t.test(args.join(" "), async () => {
      const result = await runInProcess([...args, "--data-dir", dataDir], { cwd: dataDir });
      assert.deepEqual(
        { exitCode: result.code, code: result.errorCode, stderr: result.stderr, stdout: result.stdout },
        { exitCode, code, stderr: `Error: ${message}\n`, stdout: "" },
      );
    });
  }
});
