import assert from "node:assert/strict";
import { appendFile, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { FOLLOW_INTERVAL_MS } from "../../src/cli/logs.ts";
import { isAlive, runningSandbox } from "../../src/sandbox-lock.ts";
import { assertOneLineError, escapeRegExp, lines, runCli, spawnCli, startArgs, tempDir } from "../helpers/cli.ts";
import { closeWhenDone } from "../helpers/deadline.ts";
import { detachedDataDir, startDetached } from "../helpers/detached.ts";
import { launchInProcess, runInProcess } from "../helpers/in-process.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";

const TIMEOUT = { timeout: 120_000 };

test(
  "start --detach through npx returns once every server answers and outlives npx; status, logs, stop, and a second stop",
  TIMEOUT,
  async (t) => {
    const dataDir = await detachedDataDir(t);
    const { detached } = await startDetached(t, dataDir, [], { viaNpx: true });
    assert.equal(detached.dataDir, dataDir);
    assert.equal(detached.log, join(dataDir, "sandbox.log"));
    assert.deepEqual(Object.keys(detached.urls), ["storefront", "wallet", "host"]);
    for (const url of Object.values(detached.urls))
      assert.equal((await fetch(`${url}/health`)).status, 200, `${url} answered before the command returned`);
    assert.equal((await stat(detached.log)).mode & 0o777, 0o600, "only its owner reads the log");

    // npx has exited (and a sandbox that watched it would stop within half a second): the sandbox runs on.
    const status = await runCli(t, ["status", "--data-dir", dataDir]);
    assert.equal(status.code, 0, status.stderr);
    const out = lines(status.stdout);
    assert.match(
      out[0]!,
      new RegExp(`^Sandbox running \\(pid ${detached.pid}, up \\d+s, data: ${escapeRegExp(dataDir)}\\)$`),
    );
    assert.ok(out.includes(`  storefront  ${detached.urls.storefront}`), status.stdout);
    assert.ok(out.includes(`  host app    ${detached.urls.host}`), status.stdout);
    const json = await runInProcess(["status", "--json", "--data-dir", dataDir]);
    assert.equal(json.code, 0);
    assert.deepEqual(
      { ...JSON.parse(json.stdout), startedAt: undefined, uptimeMs: undefined },
      {
        running: true,
        ready: true,
        pid: detached.pid,
        urls: detached.urls,
        dataDir,
        startedAt: undefined,
        uptimeMs: undefined,
      },
    );

    const logs = await runInProcess(["logs", "--data-dir", dataDir]);
    assert.equal(logs.code, 0);
    assert.match(logs.stdout, /^=== \S+ sandbox start --detach ===$/m);
    assert.match(
      logs.stdout,
      new RegExp(`^Sandbox running \\(data: ${escapeRegExp(dataDir)}\\)$`, "m"),
      "the sandbox's banner is in its log",
    );
    assert.match(
      logs.stdout,
      new RegExp(`^Runs in the background: npx sandbox stop --data-dir ${escapeRegExp(dataDir)} stops it\\.$`, "m"),
      "the banner says how to stop it there",
    );
    assert.doesNotMatch(logs.stdout, /Press Ctrl-C/, "Ctrl-C does not reach a detached sandbox");

    const again = await runInProcess(["start", "--detach", "--data-dir", dataDir]);
    assert.equal(again.errorCode, "data_dir_locked");
    assert.match(
      assertOneLineError(again),
      new RegExp(`^Error: A sandbox already runs on ${escapeRegExp(dataDir)} \\(pid ${detached.pid}\\)`),
    );

    const stop = await runCli(t, ["stop", "--data-dir", dataDir]);
    assert.equal(stop.code, 0, stop.stderr);
    assert.equal(stop.stdout, `Stopped the sandbox (pid ${detached.pid}, data: ${dataDir}).\n`);
    assert.equal(isAlive(detached.pid), false, "it has exited when stop returns");
    assert.ok(!(await readdir(dataDir)).includes(".sandbox.lock"), "and released the data dir");
    await assert.rejects(fetch(`${detached.urls.storefront}/health`));
    assert.match(
      (await runInProcess(["logs", "--data-dir", dataDir])).stdout,
      /^Stopped\.$/m,
      "a graceful stop, as Ctrl-C's",
    );

    const second = await runCli(t, ["stop", "--data-dir", dataDir]);
    assert.deepEqual(
      [second.code, second.stdout, second.stderr],
      [3, `No sandbox runs on ${dataDir}.\n`, ""],
      "a second stop: not running, exit 3",
    );
    const stopped = await runCli(t, ["status", "--data-dir", dataDir]);
    assert.deepEqual([stopped.code, stopped.stdout], [3, `No sandbox runs on ${dataDir}.\n`]);
    const stoppedJson = await runInProcess(["status", "--json", "--data-dir", dataDir]);
    assert.deepEqual([stoppedJson.code, JSON.parse(stoppedJson.stdout)], [3, { running: false, dataDir }]);
  },
);

test(
  "a detached start that fails (its port is taken) exits 1 with the end of its log, and leaves nothing running",
  TIMEOUT,
  async (t) => {
    const dataDir = await detachedDataDir(t);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    closeWhenDone(t, "the port blocker", () => new Promise((resolve) => blocker.close(resolve)));
    const { port } = blocker.address() as { port: number };
    // A log from an earlier run: the tail shows this start's output only.
    await writeFile(join(dataDir, "sandbox.log"), "output of an earlier run\n");

    const result = await runCli(t, [...startArgs(dataDir, "--detach"), "--wallet-port", String(port)]);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, "");
    const [first, ...tail] = lines(result.stderr);
    assert.equal(
      first,
      `Error: The sandbox exited during its start (exit code 1). The end of its log (${join(dataDir, "sandbox.log")}):`,
    );
    assert.ok(tail.length >= 1 && tail.length <= 20, result.stderr);
    assert.ok(
      tail.some(
        (line) => line.includes(`Port ${port} on 127.0.0.1 is already in use`) && line.includes("--wallet-port"),
      ),
      result.stderr,
    );
    assert.ok(!result.stderr.includes("earlier run"), result.stderr);
    assert.equal(await runningSandbox(dataDir), null);
  },
);

test("logs: the log as it is, --follow prints what comes until stopped, and no log is one line", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const none = await runInProcess(["logs", "--data-dir", dataDir]);
  assert.equal(
    assertOneLineError(none),
    `Error: No log yet: ${join(dataDir, "sandbox.log")} is written by npx sandbox start --detach.`,
  );
  assert.equal(none.errorCode, "log_missing");

  const log = join(dataDir, "sandbox.log");
  await writeFile(log, "first line\n");
  assert.equal((await runInProcess(["logs", "--data-dir", dataDir])).stdout, "first line\n");

  const timers = new ManualTimers();
  const follow = launchInProcess(t, ["logs", "--follow", "--data-dir", dataDir], { timers });
  await follow.waitForLine(/^first line$/);
  // "é" split across two writes, each read by a look of its own: printed whole once its second byte comes.
  await appendFile(log, Buffer.from([0x73, 0x65, 0x63, 0x6f, 0x6e, 0x64, 0x20, 0xc3]));
  await timers.scheduled(FOLLOW_INTERVAL_MS);
  timers.advance(FOLLOW_INTERVAL_MS);
  await timers.scheduled(FOLLOW_INTERVAL_MS);
  await appendFile(log, Buffer.from([0xa9, 0x0a]));
  timers.advance(FOLLOW_INTERVAL_MS);
  await follow.waitForLine(/^second é$/);
  const ended = await follow.stop();
  assert.equal(ended.code, 0);
  assert.equal(ended.stdout, "first line\nsecond é\n");
});

test(
  "status exits 1 for a sandbox that is not ready: starting, or a server that does not answer",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    // A lock held by a live process that is not this one (the test runner): status only reads it.
    const lock = (urls?: Record<string, string>) =>
      writeFile(
        join(dataDir, ".sandbox.lock"),
        JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString(), urls }),
      );
    await lock();
    const starting = await runInProcess(["status", "--data-dir", dataDir]);
    assert.deepEqual(
      [starting.code, starting.stdout],
      [1, `Sandbox starting (pid ${process.ppid}, data: ${dataDir}): its servers do not listen yet.\n`],
    );

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    await lock({ storefront: `http://127.0.0.1:${port}` });
    const silent = await runInProcess(["status", "--data-dir", dataDir]);
    assert.equal(silent.code, 1);
    assert.ok(
      lines(silent.stdout).includes(`  storefront  http://127.0.0.1:${port}   (does not answer /health)`),
      silent.stdout,
    );
    const json = await runInProcess(["status", "--json", "--data-dir", dataDir]);
    assert.equal((JSON.parse(json.stdout) as { ready: boolean }).ready, false);
  },
);

test(
  "Ctrl-C during start --detach stops the sandbox it was starting and says so: nothing is left running, exit 130",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const cli = spawnCli(t, startArgs(dataDir, "--detach"));
    // The command writes the log's header just before it spawns the sandbox: interrupt then, well before "ready".
    for (;;) {
      const log = await readFile(join(dataDir, "sandbox.log"), "utf8").catch(() => "");
      if (log.includes("sandbox start --detach ===")) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    cli.kill("SIGINT");
    const ended = await cli.exit(30_000);
    assert.equal(ended.code, 130, ended.stderr);
    const pid = Number(/\(pid (\d+)\)/.exec(ended.stderr)?.[1]);
    assert.equal(
      ended.stderr,
      `Error: SIGINT received before the sandbox was ready: the sandbox it was starting (pid ${pid}) was stopped too. Nothing runs in the background; the log is ${join(dataDir, "sandbox.log")}.\n`,
    );
    assert.equal(isAlive(pid), false);
    assert.equal(await runningSandbox(dataDir), null);
  },
);
