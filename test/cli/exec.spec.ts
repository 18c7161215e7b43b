// `sandbox exec -- <command>`: a sandbox on free ports for one command, which gets its URLs, users and
// tokens as variables; the sandbox stops when the command ends, and the command's exit code is the run's.
import assert from "node:assert/strict";
import { access, readdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { assertOneLineError, groupMembers, runCli, spawnCli, tempDir } from "../helpers/cli.ts";
import { launchInProcess, runInProcess } from "../helpers/in-process.ts";
import { ADA } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

/** What the command sees: every SANDBOX_* variable, printed as one JSON line on stdout. */
const PRINT_VARIABLES =
  "console.log(JSON.stringify(Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('SANDBOX_')))))";

test("exec runs the command with the sandbox's variables, and exits with its code", TIMEOUT, async (t) => {
  const tmp = await tempDir(t, "sandbox-exec-tmp-");
  // The command checks the sandbox as a team's test would: /health, then a login with a user of SANDBOX_USERS.
  // The journal is empty when it starts: the servers' warm-up is none of its requests.
  const script = `
    const env = process.env;
    const { total: journaled } = await (await fetch(env.SANDBOX_STOREFRONT_URL + "/__sandbox/journal")).json();
    const health = await fetch(env.SANDBOX_STOREFRONT_URL + "/health");
    const [user] = JSON.parse(env.SANDBOX_USERS);
    const login = await fetch(env.SANDBOX_STOREFRONT_URL + "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const { token } = await login.json();
    const variables = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith("SANDBOX_")));
    console.log(JSON.stringify({ variables, journaled, health: health.status, login: login.status, token: typeof token }));
    process.exit(3);
  `;
  const result = await runCli(t, ["exec", "--", "node", "--input-type=module", "-e", script], { env: { TMPDIR: tmp } });
  assert.equal(result.code, 3, result.stderr);
  // stdout is the command's alone: the sandbox's banner and closing line went to stderr.
  const seen = JSON.parse(result.stdout) as {
    variables: Record<string, string>;
    journaled: number;
    health: number;
    login: number;
    token: string;
  };
  assert.deepEqual([seen.journaled, seen.health, seen.login, seen.token], [0, 200, 200, "string"]);
  const { variables } = seen;
  assert.deepEqual(Object.keys(variables).sort(), [
    "SANDBOX_CONTROL_TOKEN",
    "SANDBOX_DATA_DIR",
    "SANDBOX_HOST_URL",
    "SANDBOX_SERVICE_TOKEN",
    "SANDBOX_SIGNING_SECRET",
    "SANDBOX_STOREFRONT_URL",
    "SANDBOX_USERS",
    "SANDBOX_WALLET_PREFIX",
    "SANDBOX_WALLET_URL",
  ]);
  for (const name of ["SANDBOX_STOREFRONT_URL", "SANDBOX_WALLET_URL", "SANDBOX_HOST_URL"])
    assert.match(variables[name]!, /^http:\/\/127\.0\.0\.1:\d+$/, name);
  assert.equal(variables.SANDBOX_SERVICE_TOKEN, "dev-bff-service-token-not-for-production-use");
  assert.equal(variables.SANDBOX_WALLET_PREFIX, "/api/wallet");
  assert.deepEqual(JSON.parse(variables.SANDBOX_USERS!)[0], { name: "Ada Okafor", ...ADA });
  assert.equal(join(variables.SANDBOX_DATA_DIR!, ".."), tmp, "a temporary data dir, in TMPDIR");
  assert.match(result.stderr, /^Sandbox running \(data: /m);
  assert.match(result.stderr, /^node exited with code 3; the sandbox is stopped\.$/m);
  assert.deepEqual(await readdir(tmp), [], "the temporary data dir is removed");
});

test("exec --data-dir keeps its dir, and --only gives no URL of a server left out", TIMEOUT, async (t) => {
  const dataDir = join(await tempDir(t), "ci-data");
  const result = await runCli(
    t,
    ["exec", "--quiet", "--only", "storefront", "--data-dir", dataDir, "--", "node", "-e", PRINT_VARIABLES],
    {
      // A variable of an outer sandbox (a `sandbox exec` inside another) must not reach the command.
      env: { SANDBOX_WALLET_URL: "http://127.0.0.1:1" },
    },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, "", "--quiet: nothing on stderr");
  const variables = JSON.parse(result.stdout) as Record<string, string>;
  assert.equal(variables.SANDBOX_DATA_DIR, dataDir);
  assert.match(variables.SANDBOX_STOREFRONT_URL!, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(variables.SANDBOX_WALLET_URL, undefined);
  assert.equal(variables.SANDBOX_HOST_URL, undefined);
  assert.ok((await readdir(dataDir)).includes("storefront.json"), "the data dir and its files are kept");
});

test("a signal to exec goes to the command, and the sandbox stops once the command has ended", TIMEOUT, async (t) => {
  await t.test("a command that ends on the signal: exit 128 + its number, nothing left", async (t) => {
    const tmp = await tempDir(t, "sandbox-exec-tmp-");
    const cli = spawnCli(t, ["exec", "--", "node", "-e", "console.log('ready'); setInterval(() => {}, 1000)"], {
      env: { TMPDIR: tmp },
    });
    await cli.waitForLine(/^ready$/);
    cli.kill("SIGTERM");
    const result = await cli.exit();
    assert.deepEqual([result.code, result.signal], [143, null], result.stderr);
    assert.match(result.stderr, /^node was ended by SIGTERM; the sandbox is stopped\.$/m);
    assert.deepEqual(groupMembers(cli.pid), [], "neither exec nor the command runs on");
    assert.deepEqual(await readdir(tmp), [], "the temporary data dir is removed");
  });

  await t.test("a command that cleans up on Ctrl-C still reaches the sandbox; its exit code is kept", async (t) => {
    const tmp = await tempDir(t, "sandbox-exec-tmp-");
    const script = `
      process.on("SIGINT", async () => {
        const health = await fetch(process.env.SANDBOX_STOREFRONT_URL + "/health");
        console.log("after SIGINT: " + health.status);
        process.exit(5);
      });
      console.log("ready");
      setInterval(() => {}, 1000);
    `;
    const cli = spawnCli(t, ["exec", "--quiet", "--", "node", "-e", script], { env: { TMPDIR: tmp } });
    await cli.waitForLine(/^ready$/);
    cli.kill("SIGINT");
    const result = await cli.exit();
    assert.equal(result.code, 5, result.stderr);
    assert.match(result.stdout, /^after SIGINT: 200$/m);
    assert.deepEqual(await readdir(tmp), []);
  });
});

test("a stop asked for while the sandbox starts stops it, and the command does not run", TIMEOUT, async (t) => {
  const marker = join(await tempDir(t), "ran");
  // In process, the run's abort signal stands for a SIGTERM; it is aborted before the start is under way.
  const run = launchInProcess(t, [
    "exec",
    "--",
    "node",
    "-e",
    `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "")`,
  ]);
  const result = await run.stop();
  assert.equal(result.code, 143, result.stderr);
  assert.equal(result.stderr, "SIGTERM received while the sandbox started: node did not run.\n");
  await assert.rejects(access(marker), { code: "ENOENT" });
});

test("a command that cannot be run: one line, a shell's exit code, no sandbox started", TIMEOUT, async (t) => {
  const tmp = await tempDir(t, "sandbox-exec-tmp-");
  const cases = [
    {
      args: ["no-such-command-of-ours"],
      exitCode: 127,
      text: /^Error: Cannot run "no-such-command-of-ours": no such command/,
    },
    { args: [tmp], exitCode: 126, text: /: it is a folder or not executable/ },
  ];
  for (const { args, exitCode, text } of cases) {
    const result = await runCli(t, ["exec", "--", ...args], { env: { TMPDIR: tmp } });
    assert.match(assertOneLineError(result, exitCode), text);
    assert.equal(result.stdout, "");
  }
  assert.deepEqual(await readdir(tmp), [], "no temporary data dir was made");
});

test("exec --help names the variables and gives examples", TIMEOUT, async () => {
  const result = await runInProcess(["exec", "--help"]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Usage: sandbox exec \[options\] <command> \[args\.\.\.\]$/m);
  for (const name of ["SANDBOX_STOREFRONT_URL", "SANDBOX_DATA_DIR", "SANDBOX_SERVICE_TOKEN", "SANDBOX_USERS"])
    assert.match(result.stdout, new RegExp(`\\b${name}\\b`));
  assert.match(result.stdout, /^Examples:\n {2}npx sandbox exec -- npm test$/m);
});
