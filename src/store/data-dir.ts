import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, mkdir, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { TEMP_MARK, nodeFileIO } from "./file-io.ts";

const LOCK_FILE = ".sandbox.lock";

/** Another live sandbox holds the data dir. */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data dir ${dir} is in use by another sandbox (pid ${pid}). ` +
        `Stop that one, or give this one its own dir with --data-dir.`,
    );
  }
}

export interface DataDir {
  readonly path: string;
  file(name: string): string;
  /** Writes the servers' URLs into the lock, so that other commands can reach the running sandbox. */
  advertise(urls: Record<string, string>): Promise<void>;
  /** Removes the lock; called last, after every pending write finished. */
  release(): Promise<void>;
}

/** What the lock file says about the sandbox that holds the dir. */
export interface LockInfo {
  pid: number;
  startedAt: string;
  urls?: Record<string, string>;
}

/**
 * Claims a data dir for this process: creates it, takes the lock (a second sandbox on the same
 * dir would corrupt the files), removes temp files that a killed process left, and with `fresh`
 * deletes the data files so that the seed loads again.
 */
export async function openDataDir(dir: string, options: { fresh: boolean; dataFiles: string[] }): Promise<DataDir> {
  const path = resolve(dir);
  await mkdir(path, { recursive: true });
  const lock = join(path, LOCK_FILE);
  await takeLock(lock, path);
  const entries = await readdir(path);
  const leftovers = entries.filter((name) => name.includes(TEMP_MARK) && !name.startsWith(LOCK_FILE));
  await Promise.all(leftovers.map((name) => rm(join(path, name), { force: true })));
  if (options.fresh) await Promise.all(options.dataFiles.map((name) => rm(join(path, name), { force: true })));
  return {
    path,
    file: (name) => join(path, name),
    advertise: async (urls) => {
      const info = await readLock(lock);
      await nodeFileIO.writeAtomic(lock, JSON.stringify({ ...info, urls }));
    },
    release: async () => {
      heldHere.delete(lock);
      await unlink(lock).catch(() => {});
    },
  };
}

/** Locks held by this process, so that its own pid in a lock tells "mine" from "left by a previous run". */
const heldHere = new Set<string>();

async function takeLock(lock: string, dir: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await createLock(lock)) {
      heldHere.add(lock);
      return;
    }
    const holder = (await readLock(lock))?.pid ?? null;
    // In a container the pid repeats from run to run: our own pid is only a holder if we hold the lock now.
    const live = holder !== null && (holder === process.pid ? heldHere.has(lock) : isAlive(holder));
    if (live) throw new DataDirLockedError(dir, holder);
    // The holder is gone (killed, or the machine restarted): the lock is stale.
    await unlink(lock).catch(() => {});
  }
  throw new Error(`Could not lock the data dir ${dir}: another sandbox is starting on it at the same time.`);
}

/** Creates the lock with its content in one step (a hard link of a written temp file), so it is never seen empty. */
async function createLock(lock: string): Promise<boolean> {
  const temp = `${lock}${TEMP_MARK}${process.pid}-${randomUUID()}`;
  await writeFile(temp, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
  try {
    await link(temp, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function readLock(lock: string): Promise<LockInfo | null> {
  try {
    const info = JSON.parse(await readFile(lock, "utf8")) as LockInfo;
    return typeof info.pid === "number" ? info : null;
  } catch {
    return null;
  }
}

/** The sandbox running on this data dir, if one is: its pid and URLs, from the lock it holds. */
export async function runningSandbox(dir: string): Promise<LockInfo | null> {
  const lock = join(resolve(dir), LOCK_FILE);
  const info = await readLock(lock);
  // Our own pid is the holder only if this process holds the lock now (a sandbox started in-process, as tests do).
  return info && (info.pid === process.pid ? heldHere.has(lock) : isAlive(info.pid)) ? info : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/** A killed process that its parent has not reaped yet still answers kill(0), but holds nothing. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}
