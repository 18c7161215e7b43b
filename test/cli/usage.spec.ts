import assert from "node:assert/strict";
import { test } from "node:test";
import { COMMANDS, commandName } from "../../src/cli/commands.ts";
import { tempDir } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";

test("mcp with a --user that is no demo user stops before serving: one line, exit 2", {
  timeout: 60_000,
}, async (t) => {
  const result = await runInProcess(["mcp", "--user", "eve@example.com", "--data-dir", await tempDir(t)]);
  assert.deepEqual([result.code, result.errorCode], [2, "user_not_found"]);
  assert.equal(result.stdout, "");
  assert.equal(
    result.stderr,
    'Error: --user: No demo user has the email "eve@example.com" (npx sandbox users lists them).\n',
  );
});

test("agent ask with an empty question says the question is missing: a usage error, exit 2", {
  timeout: 60_000,
}, async (t) => {
  for (const question of ["", "   "]) {
    const result = await runInProcess([
      "agent",
      "ask",
      question,
      "--user",
      "ada@example.com",
      "--data-dir",
      await tempDir(t),
    ]);
    assert.deepEqual([result.code, result.errorCode], [2, "question_missing"]);
    assert.match(
      result.stderr,
      /^Error: The question is missing: put it in quotes, as in sandbox agent ask "How much did I spend this month\?"/,
    );
    assert.equal(result.stderr.trimEnd().split("\n").length, 1);
  }
});

test("an unknown option is a usage error for every command: exit 2 and commander's one line (a missing required option is named first)", async () => {
  const runs = [
    ...COMMANDS.map((entry) => [commandName(entry), "--bogus"]),
    ["start", "--detach", "--bogus"],
    ["fault", "add", "--bogus"],
    ["identity", "sign", "--bogus"],
    ["agent", "ask", "--bogus"],
    ["trigger", "transaction", "--bogus"],
    ["--bogus"],
  ];
  for (const args of runs) {
    const result = await runInProcess(args);
    assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    assert.match(
      result.stderr,
      /^error: (unknown option '--bogus'|required option '.+' not specified)\n/,
      args.join(" "),
    );
  }
});
