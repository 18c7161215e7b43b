import { randomUUID } from "node:crypto";
import { link, mkdir, readdir, rm, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { errnoCode, messageOf, SandboxError, userError } from "../errors.ts";
import { held, LOCK_FILE, type LockInfo, readLock } from "../sandbox-lock.ts";
import { nodeFileIO, TEMP_MARK } from "./file-io.ts";

/**
 * The lock is there but cannot be read: it may be a live sandbox's, so it is left alone (taken as
 * stale, a second sandbox would write the same files).
 */
function lockUnreadable(lock: string, dir: string, error: unknown): SandboxError {
  const code = errnoCode(error);
  return userError(
    "data_dir_locked",
    `The lock ${lock} cannot be read (${code ?? messageOf(error)}), so the data dir ${dir} may be in use: it is left alone. Try again; if no sandbox runs on it, delete the lock.`,
    { details: { dir }, cause: error },
  );
}

/** Another live sandbox holds the data dir. */
function dataDirLocked(dir: string, pid: number): SandboxError {
  return userError(
    "data_dir_locked",
    `The data dir ${dir} is in use by another sandbox (pid ${pid}). Stop that one, or give this one its own dir with --data-dir.`,
    {
      details: { dir, pid },
    },
  );
}

export interface DataDir {
  readonly path: string;
  file(name: string): string;
  /** Writes the servers' URLs into the lock, so that other commands can reach the running sandbox. */
  advertise(urls: Record<string, string>): Promise<void>;
  /** Removes the lock; called last, after every pending write finished. */
  release(): Promise<void>;
}

/**
 * Claims a data dir for this process: creates it, takes the lock (a second sandbox on the same
 * dir would corrupt the files), removes temp files that a killed process left, and with `fresh`
 * deletes the data files so that the seed loads again.
 */
export async function openDataDir(dir: string, options: { fresh: boolean; dataFiles: string[] }): Promise<DataDir> {
  const path = resolve(dir);
  const lock = join(path, LOCK_FILE);
  let owner: LockInfo;
  try {
    await makeDirectory(path);
    owner = await takeLock(lock, path);
    const entries = await readdir(path);
    const leftovers = entries.filter((name) => name.includes(TEMP_MARK) && !name.startsWith(LOCK_FILE));
    await Promise.all(leftovers.map((name) => rm(join(path, name), { force: true })));
    if (options.fresh) await Promise.all(options.dataFiles.map((name) => rm(join(path, name), { force: true })));
  } catch (error) {
    throw error instanceof SandboxError ? error : unusableDataDir(path, error);
  }
  return {
    path,
    file: (name) => join(path, name),
    // What this process wrote when it took the lock, never the file read back: a read that fails
    // (EMFILE under a flood of sockets) would write a lock without its pid, which no one then honours.
    // Not synced: the lock names a live process, and after a power loss no process is its holder anyway.
    advertise: (urls) => nodeFileIO.writeAtomic(lock, JSON.stringify({ ...owner, urls }), "none"),
    release: async () => {
      await unlink(lock).catch(() => {});
    },
  };
}

/**
 * Creates the dir and its missing parents one level at a time. (Node's recursive mkdir retries
 * forever where a parent exists but refuses children, as under /proc.)
 */
export async function makeDirectory(path: string): Promise<void> {
  const missing: string[] = [];
  for (let dir = path; ; dir = dirname(dir)) {
    const kind = await stat(dir).then(
      (found) => (found.isDirectory() ? "dir" : "other"),
      (error: unknown) => (errnoCode(error) === "ENOENT" ? null : Promise.reject(error)),
    );
    if (kind === "other") throw Object.assign(new Error(`${dir} is not a directory`), { code: "ENOTDIR" });
    if (kind === "dir" || dirname(dir) === dir) break;
    missing.unshift(dir);
  }
  for (const dir of missing)
    await mkdir(dir).catch((error: unknown) => (errnoCode(error) === "EEXIST" ? undefined : Promise.reject(error)));
}

/** What the file system said, as one line that names the setting and what to do. */
export function unusableDataDir(dir: string, error: unknown): SandboxError {
  const code = errnoCode(error);
  const reasons: Record<string, string> = {
    EACCES: "this user may not write there",
    EPERM: "this user may not write there",
    EROFS: "it is on a read-only file system",
    ENOTDIR: "a part of the path is a file, not a folder",
    EEXIST: "a part of the path is a file, not a folder",
    ENOENT: "it cannot be created there",
    ENOSPC: "the disk is full",
  };
  const reason = (code && reasons[code]) ?? messageOf(error);
  return userError(
    "data_dir_unusable",
    `The data dir ${dir} cannot be used: ${reason}${code ? ` (${code})` : ""}. Choose a writable folder with --data-dir <dir> (or DATA_DIR).`,
    { cause: error },
  );
}

/** Takes the lock, taking over a stale one; answers what it wrote. */
async function takeLock(lock: string, dir: string): Promise<LockInfo> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const taken = await createLock(lock);
    if (taken) return taken;
    const holder = await readLock(lock).catch((error: unknown) => {
      throw lockUnreadable(lock, dir, error);
    });
    if (holder && held(holder)) throw dataDirLocked(dir, holder.pid);
    // The holder is gone (killed, or the machine restarted): the lock is stale.
    await unlink(lock).catch(() => {});
  }
  throw userError(
    "data_dir_locked",
    `Could not lock the data dir ${dir}: another sandbox is starting on it at the same time.`,
  );
}

/**
 * Creates the lock with its content in one step (a hard link of a written temp file), so it is
 * never seen empty; answers that content, or null when another lock is there.
 */
async function createLock(lock: string): Promise<LockInfo | null> {
  const temp = `${lock}${TEMP_MARK}${process.pid}-${randomUUID()}`;
  const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  await writeFile(temp, JSON.stringify(info));
  try {
    await link(temp, lock);
    return info;
  } catch (error) {
    if (errnoCode(error) === "EEXIST") return null;
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
}
