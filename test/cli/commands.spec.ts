// The command table lists every command without loading it; only the command that runs is imported.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Help } from "commander";
import { COMMANDS, commandFor, commandName } from "../../src/cli/commands.ts";
import { createCli } from "../../src/cli/io.ts";
import { runCli } from "../helpers/cli.ts";
import { loadedModules, RECORD_LOADS } from "../helpers/loaded-modules.ts";

const cli = createCli({ stdout: { write() {} }, stderr: { write() {} }, env: {}, cwd: process.cwd() });

test("each command is listed by the usage its own module gives it", async (t) => {
  for (const entry of COMMANDS) {
    await t.test(commandName(entry), async () => {
      const command = (await entry.load())(cli);
      assert.equal(command.name(), commandName(entry));
      assert.equal(new Help().subcommandTerm(command), entry.usage);
      assert.equal(command.description(), "", "the description lives in the table only");
    });
  }
});

test("the command the arguments run is found before commander parses them", async (t) => {
  const cases: [string[], string | undefined][] = [
    [["start", "--fresh"], "start"],
    [["identity", "sign", "--user", "ada@example.com"], "identity"],
    [["help", "export"], "export"],
    [["--help"], undefined],
    [["-v"], undefined],
    [["stat"], undefined],
    [[], undefined],
  ];
  for (const [args, expected] of cases) {
    await t.test(args.join(" ") || "(nothing)", () => {
      const entry = commandFor(args);
      assert.equal(entry && commandName(entry), expected);
    });
  }
});

test("the CLI loads only the command it runs: no server code, MCP SDK, date parser or terminal UI for help, users or identity sign", {
  timeout: 60_000,
}, async (t) => {
  // The servers need h3 and lowdb: a command that loads neither loads no server code.
  const heavy = /\/node_modules\/(h3|lowdb|@modelcontextprotocol\/sdk|chrono-node|ink|redis)\//;
  for (const args of [["--help"], ["users"], ["identity", "sign", "--user", "ada@example.com"]]) {
    await t.test(args.join(" "), async (t) => {
      const result = await runCli(t, args, { env: { NODE_OPTIONS: RECORD_LOADS } });
      assert.equal(result.code, 0, result.stderr);
      const loaded = loadedModules(result.stderr);
      assert.ok(
        loaded.some((url) => url.endsWith("/dist/cli.js")),
        "the loads were recorded",
      );
      assert.deepEqual(
        loaded.filter((url) => heavy.test(url)),
        [],
      );
    });
  }
});
