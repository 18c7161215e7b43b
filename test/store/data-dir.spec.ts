import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmod, lstat, mkdir, readFile, rename, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { SandboxError } from "../../src/errors.ts";
import { LOCK_FILE, runningSandbox } from "../../src/sandbox-lock.ts";
import { openDataDir } from "../../src/store/data-dir.ts";
import { tempDir } from "../helpers/sandbox.ts";

const open = (dir: string) => openDataDir(dir, { fresh: false, dataFiles: [] });

/** The one-line error every unusable data dir gives: it names the dir and the setting that changes it. */
function assertUnusable(error: unknown, dir: string, reason: RegExp): true {
  assert.ok(error instanceof SandboxError && error.code === "data_dir_unusable", String(error));
  assert.ok(error.expected);
  assert.ok(error.message.includes(dir));
  assert.match(error.message, reason);
  assert.match(error.message, /--data-dir <dir> \(or DATA_DIR\)/);
  assert.equal(error.message.split("\n").length, 1);
  return true;
}

test("a data dir that is a file, or lies below one, is refused in one line", async (t) => {
  const file = join(await tempDir(t), "a-file");
  await writeFile(file, "not a folder");
  await assert.rejects(open(file), (error) => assertUnusable(error, file, /is a file, not a folder/));
  await assert.rejects(open(join(file, "data")), (error) =>
    assertUnusable(error, join(file, "data"), /is a file, not a folder/),
  );
});

test("a data dir under /proc is refused at once instead of retrying forever", async () => {
  const started = Date.now();
  await assert.rejects(open("/proc/sandbox-test/data"), (error) =>
    assertUnusable(error, "/proc/sandbox-test/data", /cannot be created there/),
  );
  assert.ok(Date.now() - started < 2000);
});

test("a data dir this user may not write is refused in one line, through the CLI", async (t) => {
  const parent = await tempDir(t);
  const locked = join(parent, "locked");
  await mkdir(locked);
  await chmod(parent, 0o755);
  await chmod(locked, 0o555);
  // Root writes anywhere: as root, run the CLI as nobody to meet the refusal a user meets.
  const asOther = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const bin = fileURLToPath(new URL("../../bin/sandbox.js", import.meta.url));
  const result = spawnSync(
    process.execPath,
    [
      bin,
      "start",
      "--data-dir",
      join(locked, "data"),
      "--storefront-port",
      "0",
      "--wallet-port",
      "0",
      "--host-port",
      "0",
    ],
    {
      ...asOther,
      encoding: "utf8",
      timeout: 30_000,
      env: { PATH: process.env.PATH, HOME: parent },
    },
  );
  assert.equal(result.status, 1, result.stderr);
  assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
  assert.match(
    result.stderr,
    /^Error: The data dir .*locked\/data cannot be used: this user may not write there \(EACCES\)\. Choose a writable folder with --data-dir <dir> \(or DATA_DIR\)\.$/m,
  );
});

/**
 * Makes the data dir's lock unreadable as a full descriptor table does (the read fails, the file
 * stays), in a way root cannot read past: the lock becomes a link to a folder (EISDIR on read).
 */
async function makeLockUnreadable(dir: string): Promise<void> {
  const folder = join(dir, "a-folder");
  await mkdir(folder);
  await symlink(folder, join(dir, `${LOCK_FILE}.link`));
  await rename(join(dir, `${LOCK_FILE}.link`), join(dir, LOCK_FILE));
  await assert.rejects(readFile(join(dir, LOCK_FILE), "utf8"), { code: "EISDIR" });
}

test("advertising the URLs keeps the lock's pid, even when the lock cannot be read back", async (t) => {
  const dir = await tempDir(t);
  const dataDir = await open(dir);
  t.after(() => dataDir.release());
  await makeLockUnreadable(dir);
  const urls = { storefront: "http://127.0.0.1:9084" };
  await dataDir.advertise(urls);
  const lock = JSON.parse(await readFile(join(dir, LOCK_FILE), "utf8")) as Record<string, unknown>;
  assert.equal(lock.pid, process.pid, `the lock names its holder: ${JSON.stringify(lock)}`);
  assert.equal(typeof lock.startedAt, "string");
  assert.deepEqual(lock.urls, urls);
  // status and stop find the sandbox by it.
  assert.deepEqual((await runningSandbox(dir))?.urls, urls);
});

test("a lock that cannot be read is left alone: a second start refuses the dir instead of taking it", async (t) => {
  const dir = await tempDir(t);
  const first = await open(dir);
  t.after(() => first.release());
  await makeLockUnreadable(dir);
  await assert.rejects(open(dir), (error) => {
    assert.ok(error instanceof SandboxError && error.code === "data_dir_locked", String(error));
    assert.match(error.message, /cannot be read \(EISDIR\)/);
    assert.match(error.message, /if no sandbox runs on it, delete the lock\.$/);
    return true;
  });
  assert.ok((await lstat(join(dir, LOCK_FILE))).isSymbolicLink(), "the lock is still there, as it was");
});
