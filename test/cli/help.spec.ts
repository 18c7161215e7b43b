import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { test } from "node:test";
import { COMMANDS, commandName } from "../../src/cli/commands.ts";
import { OPTIONS } from "../../src/config/options.ts";
import { escapeRegExp, PROJECT_ROOT, tempDir } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 60_000 };

/** The lines after "Examples:" up to the next blank line. */
function examples(help: string): string[] {
  const start = help.split("\n").findIndex((line) => line.trim() === "Examples:");
  if (start === -1) return [];
  const rest = help.split("\n").slice(start + 1);
  const end = rest.findIndex((line) => line.trim() === "");
  return end === -1 ? rest : rest.slice(0, end);
}

test("--help shows usage and examples", TIMEOUT, async (t) => {
  const cases = [
    { name: "sandbox --help", args: ["--help"], usage: /^Usage: sandbox \[options\] \[command\]$/m },
    { name: "sandbox start --help", args: ["start", "--help"], usage: /^Usage: sandbox start \[options\]$/m },
    { name: "sandbox users --help", args: ["users", "--help"], usage: /^Usage: sandbox users \[options\]$/m },
    {
      name: "sandbox oauth --help",
      args: ["oauth", "--help"],
      usage: /^Usage: sandbox oauth \[options\] \[command\]$/m,
    },
    {
      name: "sandbox oauth add-client --help",
      args: ["oauth", "add-client", "--help"],
      usage: /^Usage: sandbox oauth add-client \[options\]$/m,
    },
    {
      name: "sandbox oauth clients --help",
      args: ["oauth", "clients", "--help"],
      usage: /^Usage: sandbox oauth clients \[options\]$/m,
    },
    { name: "sandbox status --help", args: ["status", "--help"], usage: /^Usage: sandbox status \[options\]$/m },
    { name: "sandbox stop --help", args: ["stop", "--help"], usage: /^Usage: sandbox stop \[options\]$/m },
    { name: "sandbox logs --help", args: ["logs", "--help"], usage: /^Usage: sandbox logs \[options\]$/m },
    { name: "sandbox check --help", args: ["check", "--help"], usage: /^Usage: sandbox check \[options\]$/m },
    { name: "sandbox openapi --help", args: ["openapi", "--help"], usage: /^Usage: sandbox openapi \[options\]$/m },
    { name: "sandbox schema --help", args: ["schema", "--help"], usage: /^Usage: sandbox schema \[options\]$/m },
    { name: "sandbox init --help", args: ["init", "--help"], usage: /^Usage: sandbox init \[options\] \[dir\]$/m },
  ];
  for (const { name, args, usage } of cases) {
    await t.test(name, async () => {
      const result = await runInProcess(args);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, usage);
      const lines = examples(result.stdout);
      assert.ok(
        lines.some((line) => /^ {2}(\S+=\S+ )*npx sandbox\b/.test(line)),
        `an "Examples:" section with an npx sandbox line:\n${result.stdout}`,
      );
    });
  }
});

test("the root help lists the commands", TIMEOUT, async () => {
  const result = await runInProcess(["--help"]);
  assert.match(result.stdout, /^ {2}start\b/m);
  assert.match(result.stdout, /^ {2}users\b/m);
  assert.match(result.stdout, /^ {2}oauth\b/m);
});

test("start --help lists every setting's flag and environment variable", TIMEOUT, async () => {
  const result = await runInProcess(["start", "--help"]);
  assert.equal(result.code, 0, result.stderr);
  const help = result.stdout.replace(/\s+/g, " "); // help text wraps at 80 columns
  for (const option of OPTIONS.filter((candidate) => !("command" in candidate))) {
    assert.match(help, new RegExp(`(^| )${option.flag}\\b`), `${option.flag} in start --help`);
    assert.match(help, new RegExp(`\\benv ${option.env}\\b`), `${option.env} in start --help`);
  }
  assert.match(help, /--config <file>/);
  assert.match(help, /flag > environment variable > sandbox\.config\.json > default/);
  assert.doesNotMatch(help, /CHECK_/, "check's settings are not start's");
});

test("check --help lists its settings' flags and environment variables", TIMEOUT, async () => {
  const result = await runInProcess(["check", "--help"]);
  assert.equal(result.code, 0, result.stderr);
  const help = result.stdout.replace(/\s+/g, " ");
  for (const option of OPTIONS.filter((candidate) => "command" in candidate && candidate.command === "check")) {
    assert.match(help, new RegExp(`(^| )${option.flag} <`), `${option.flag} in check --help`);
    assert.match(help, new RegExp(`\\benv ${option.env}\\b`), `${option.env} in check --help`);
  }
});

test("an unknown command exits non-zero with a helpful message", TIMEOUT, async (t) => {
  const cases = [
    { name: "a typo", args: ["strat"], hint: /Did you mean start\?/ },
    { name: "an unknown word", args: ["deploy"], hint: /--help/ },
  ];
  for (const { name, args, hint } of cases) {
    await t.test(name, async () => {
      const result = await runInProcess(args);
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, new RegExp(`unknown command '${args[0]}'`));
      assert.match(result.stderr, hint);
      assert.doesNotMatch(result.stderr, /^\s+at /m, "no stack trace");
      assert.equal(result.stdout, "");
    });
  }
});

// An installed package's help must name files that are there: its own, by their path in the package.
test("the help texts name the package's files by paths that exist, wherever the command runs", TIMEOUT, async (t) => {
  const elsewhere = await tempDir(t);
  const named = new RegExp(`${escapeRegExp(PROJECT_ROOT)}[^\\s,;)'"]*`, "g");
  const naming: string[] = [];
  for (const entry of COMMANDS) {
    const result = await runInProcess([commandName(entry), "--help"], { cwd: elsewhere });
    assert.equal(result.code, 0, result.stderr);
    const paths = [...result.stdout.matchAll(named)].map(([path]) => path.replace(/\.$/, ""));
    if (paths.length > 0) naming.push(commandName(entry));
    for (const path of paths)
      assert.ok(existsSync(path.replace(/\*\.yaml$/, "")), `${commandName(entry)} --help names ${path}`);
  }
  // Those that point to the docs or the examples (more name a default folder of the package, fixtures/actions/).
  for (const command of ["check", "import", "init", "journal", "run", "schema"])
    assert.ok(naming.includes(command), `${command} --help names a file of the package`);
});

test(
  "run --help's examples run the scenarios the package ships, from the project or anywhere else",
  TIMEOUT,
  async (t) => {
    for (const cwd of [PROJECT_ROOT, await tempDir(t)]) {
      const result = await runInProcess(["run", "--help"], { cwd });
      const files = examples(result.stdout).flatMap(
        (line) => /^ {2}npx sandbox run (\S*examples\/scenarios\/\S+\.yaml) /.exec(`${line} `)?.[1] ?? [],
      );
      assert.equal(files.length, 2, result.stdout);
      const [one, all] = files.map((file) => resolve(cwd, file)) as [string, string];
      assert.equal(cwd === PROJECT_ROOT, !isAbsolute(files[0]!), "named from the project, else by its absolute path");
      assert.ok(existsSync(one), one);
      const folder = all.replace(/\/\*\.yaml$/, "");
      assert.ok(
        (await readdir(folder)).some((file) => file.endsWith(".yaml")),
        folder,
      );
    }
  },
);
