import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import {
  addAndCount,
  assertOneLineError,
  escapeRegExp,
  lines,
  login,
  runCli,
  STOREFRONT_LINE,
  startArgs,
  startCli,
  stopCli,
  tempDir,
  WALLET_LINE,
} from "../helpers/cli.ts";
import { launchInProcess, runInProcess, startInProcess } from "../helpers/in-process.ts";

const DEV_BFF_TOKEN = "dev-bff-service-token-not-for-production-use";
const RICE = "ofada-rice-5kg";
const TIMEOUT = { timeout: 60_000 };

test("the banner names the three URLs, the demo users, the BFF token and the OAuth client", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const { cli, url } = await startInProcess(t, startArgs(dataDir));
  const out = lines(cli.stdout());

  const health = await fetch(`${url}/health`);
  assert.equal(health.status, 200);
  assert.deepEqual(await health.json(), { status: "ok" });

  assert.ok(
    out.some((line) => line.includes(dataDir)),
    `the banner names the data dir ${dataDir}`,
  );
  assert.equal(out.filter((line) => STOREFRONT_LINE.test(line)).length, 1);
  const walletUrl = WALLET_LINE.exec(out.find((line) => WALLET_LINE.test(line)) ?? "")?.[1];
  assert.ok(walletUrl, "the wallet URL");
  assert.deepEqual(await (await fetch(`${walletUrl}/health`)).json(), { status: "ok" });
  assert.match(cli.stdout(), /^ {2}host app +http:\/\/127\.0\.0\.1:\d+$/m);
  const hostUrl = /^ {2}host app +(\S+)$/m.exec(cli.stdout())?.[1];
  assert.ok(
    lines(cli.stdout()).includes(`Chat embed preview: ${hostUrl}/ (open in a browser)`),
    "the demo host page's URL",
  );
  assert.match(
    cli.stdout(),
    /^OAuth client: sandbox-agent-platform +secret: dev-oauth-client-secret-not-for-production$/m,
  );
  for (const [name, email, password] of [
    ["Ada Okafor", "ada@example.com", "ada-sandbox-pass"],
    ["Tunde Bakare", "tunde@example.com", "tunde-sandbox-pass"],
    ["Ngozi Eze", "ngozi@example.com", "ngozi-sandbox-pass"],
  ] as const) {
    const line = out.find((candidate) => candidate.includes(email));
    assert.ok(line, `a banner line for ${email}`);
    assert.match(
      line,
      new RegExp(`^ +${escapeRegExp(name)} +${escapeRegExp(email)} +${escapeRegExp(password)} +[0-9a-f-]{36}$`),
    );
  }
  assert.ok(out.includes(`BFF service token: ${DEV_BFF_TOKEN}`), "the BFF service token line");
  assert.ok(
    !out.some((line) => line.startsWith("Control token:")),
    "on loopback the controls need no token, so none is printed",
  );
  assert.equal(cli.stderr(), "");
});

test(
  "a data dir inside a git work tree that does not ignore it: a warning on stderr once the sandbox runs",
  TIMEOUT,
  async (t) => {
    const repo = await tempDir(t);
    await promisify(execFile)("git", ["init", "-q", repo]);
    const dataDir = join(repo, "sandbox-data");
    const { cli } = await startInProcess(t, startArgs(dataDir));
    // launchSandbox has its warnings by the time it answers, and start writes them right after the banner.
    assert.equal(
      cli.stderr(),
      `Warning: the data dir ${dataDir} is inside a git work tree and not ignored: its files hold passwords and tokens. Add it to .gitignore, or choose another with --data-dir.\n`,
    );
  },
);

test("a signal stops the sandbox: Stopped. and exit code 0", TIMEOUT, async (t) => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    await t.test(signal, async (t) => {
      const dataDir = await tempDir(t);
      const { cli, url } = await startCli(t, startArgs(dataDir));
      // Signalled the moment the banner is complete: the handlers are in place before it.
      const result = await stopCli(cli, signal);
      assert.equal(result.signal, null, `ended by its own exit, not killed by ${signal}`);
      assert.equal(result.code, 0);
      assert.equal(lines(result.stdout).at(-1), "Stopped.");
      assert.equal(result.stderr, "");
      await assert.rejects(fetch(`${url}/health`), "the server no longer answers");
    });
  }
});

test(
  "started through npx, the sandbox stops when npx goes away: npx does not pass a SIGTERM on, and the `sh` between them outlives a SIGKILL",
  TIMEOUT,
  async (t) => {
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      await t.test(signal, async (t) => {
        const dataDir = await tempDir(t);
        const { cli, url } = await startCli(t, startArgs(dataDir), { viaNpx: true });
        assert.equal((await fetch(`${url}/health`)).status, 200);
        cli.kill(signal);
        const deadline = Date.now() + 5000;
        while ((await readdir(dataDir)).includes(".sandbox.lock")) {
          assert.ok(Date.now() < deadline, "the sandbox released its data dir after npx went away");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await assert.rejects(fetch(`${url}/health`), "the server no longer answers");
      });
    }
  },
);

test("a port in use: exit 1 with one line naming the port and --storefront-port", TIMEOUT, async (t) => {
  const blocker = await occupyPort(t);
  const port = (blocker.address() as { port: number }).port;
  const dataDir = await tempDir(t);
  const result = await runCli(t, ["start", "--storefront-port", String(port), "--data-dir", dataDir]);
  const message = assertOneLineError(result);
  assert.match(message, new RegExp(`\\b${port}\\b`));
  assert.match(message, /--storefront-port\b/);
  assert.doesNotMatch(result.stdout, /storefront +http/, "no banner");
  const entries = await readdir(dataDir);
  assert.ok(
    !entries.some((name) => /lock/i.test(name)),
    `the failed start released the data dir: ${entries.join(", ")}`,
  );
});

test("a second sandbox on the same data dir: exit 1 with one line naming the first one's pid", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const { cli: first, url } = await startCli(t, startArgs(dataDir));
  // The second one in-process: the lock is between processes, and this one need not be a process of its own.
  const result = await runInProcess(startArgs(dataDir));
  const message = assertOneLineError(result);
  assert.match(message, new RegExp(`\\bpid ${first.pid}\\b`));
  assert.ok(message.includes(dataDir), "names the data dir");
  const health = await fetch(`${url}/health`);
  assert.equal(health.status, 200, "the first one keeps running");
  assert.equal(first.exited, false);
});

test(
  "a secret shorter than 32 bytes is refused without printing it back: a usage error, exit 2",
  TIMEOUT,
  async (t) => {
    const secret = "short-s3cr3t-X9";
    const cases: { name: string; args: string[]; env: Record<string, string> }[] = [
      { name: "flag", args: ["--storefront-jwt-secret", secret], env: {} },
      { name: "env", args: [], env: { STOREFRONT_JWT_SECRET: secret } },
    ];
    for (const { name, args, env } of cases) {
      await t.test(name, async (t) => {
        const dataDir = await tempDir(t);
        const result = await runInProcess(startArgs(dataDir, ...args), { env });
        const message = assertOneLineError(result, 2);
        assert.match(message, /32 bytes/);
        assert.match(message, /STOREFRONT_JWT_SECRET|--storefront-jwt-secret/);
        assert.ok(!`${result.stdout}${result.stderr}`.includes(secret), "the secret is not printed");
      });
    }
  },
);

test(
  "a BFF service token no header can carry as given is refused at start, naming the setting: a usage error, exit 2",
  TIMEOUT,
  async (t) => {
    const token = "bff-sërvice-token-€-0123456789-abcdef";
    const dataDir = await tempDir(t);
    const result = await runInProcess(startArgs(dataDir), { env: { BFF_SERVICE_TOKEN: token } });
    const message = assertOneLineError(result, 2);
    assert.match(
      message,
      /^Error: BFF_SERVICE_TOKEN must be printable ASCII with no spaces: it travels in an Authorization: Bearer header/,
    );
    assert.ok(!`${result.stdout}${result.stderr}`.includes(token), "the token is not printed");
  },
);

test("a bad setting is refused with a clear one-line message: a usage error, exit 2", TIMEOUT, async (t) => {
  await t.test("--storefront-port abc", async (t) => {
    const dataDir = await tempDir(t);
    const result = await runInProcess(["start", "--storefront-port", "abc", "--data-dir", dataDir]);
    const message = assertOneLineError(result, 2);
    assert.match(message, /--storefront-port/);
    assert.match(message, /"abc"/);
    assert.match(message, /0 to 65535/);
  });
  await t.test("--token-ttl soon", async (t) => {
    const dataDir = await tempDir(t);
    const message = assertOneLineError(await runInProcess(startArgs(dataDir, "--token-ttl", "soon")), 2);
    assert.match(message, /--token-ttl/);
    assert.match(message, /"soon"/);
  });
  await t.test("an unknown key in sandbox.config.json", async (t) => {
    const cwd = await tempDir(t);
    await writeFile(
      join(cwd, "sandbox.config.json"),
      JSON.stringify({ storefrontPort: 0, dataDir: "./data", storefrontPrt: 9000 }),
    );
    const result = await runInProcess(["start"], { cwd });
    const message = assertOneLineError(result, 2);
    assert.match(message, /"storefrontPrt"/);
    assert.match(message, /sandbox\.config\.json/);
    assert.match(message, /storefrontPort/, "lists the known settings");
  });
});

test("settings: flag > environment > sandbox.config.json > default", TIMEOUT, async (t) => {
  const token = (from: string) => `${from}-bff-service-token-at-least-32-bytes`;
  const cases: { name: string; env: Record<string, string>; flags: string[]; from: string }[] = [
    { name: "config file", env: {}, flags: [], from: "file" },
    {
      name: "env over config file",
      env: { DATA_DIR: "./from-env", BFF_SERVICE_TOKEN: token("env") },
      flags: [],
      from: "env",
    },
    {
      name: "flag over env",
      env: { DATA_DIR: "./from-env", BFF_SERVICE_TOKEN: token("env") },
      flags: ["--data-dir", "./from-flag", "--bff-service-token", token("flag")],
      from: "flag",
    },
  ];
  for (const { name, env, flags, from } of cases) {
    await t.test(name, async (t) => {
      const cwd = await tempDir(t);
      // Free wallet and host ports too: the defaults may be taken by another sandbox on this machine.
      const file = {
        storefrontPort: 0,
        walletPort: 0,
        hostPort: 0,
        dataDir: "./from-file",
        bffServiceToken: token("file"),
      };
      await writeFile(join(cwd, "sandbox.config.json"), JSON.stringify(file));
      const { cli, url } = await startInProcess(t, ["start", ...flags], { cwd, env });
      assert.notEqual(new URL(url).port, "8084", "the port came from the config file, not the default");
      assert.match(
        cli.stdout(),
        new RegExp(`^Sandbox running \\(data: ${escapeRegExp(join(cwd, `from-${from}`))}\\)$`, "m"),
      );
      assert.ok(lines(cli.stdout()).includes(`BFF service token: ${token(from)}`), `the ${from} token in the banner`);
      assert.ok((await readdir(join(cwd, `from-${from}`))).includes("storefront.json"), "the data went to that dir");
    });
  }
});

test("--only host runs the host app alone", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const cli = launchInProcess(t, startArgs(dataDir, "--only", "host"));
  const [, hostUrl] = await cli.waitForLine(/^ {2}host app +(http:\S+)$/);
  await cli.waitForLine(/^Press Ctrl-C to stop\.$/);
  assert.doesNotMatch(cli.stdout(), /^ {2}(storefront|wallet) /m);
  assert.deepEqual(await (await fetch(`${hostUrl}/health`)).json(), { status: "ok" });
  assert.equal((await cli.stop()).code, 0);
});

test("the cart survives a restart, and --fresh loads the seed again", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const cartAfterAdding = async (quantity: number, ...flags: string[]) => {
    const { cli, url } = await startInProcess(t, startArgs(dataDir, ...flags));
    const count = await addAndCount(url, await login(url), RICE, quantity);
    const result = await cli.stop();
    assert.equal(result.code, 0, result.stderr);
    return count;
  };
  assert.equal(await cartAfterAdding(2), 2);
  assert.equal(await cartAfterAdding(1), 3, "the cart was kept across the restart");
  assert.equal(await cartAfterAdding(1, "--fresh"), 1, "--fresh dropped the cart");
});

async function occupyPort(t: { after(fn: () => unknown): void }): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}
