import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { errnoCode } from "./errors.ts";
import { parseJson } from "./json-text.ts";

/**
 * The lock a running sandbox holds on its data dir, which names its pid and URLs: the runtime
 * takes it (src/store/data-dir.ts), and clients (the CLI, the terminal UI, the agent) read it to
 * find the sandbox that runs on a dir.
 */
export const LOCK_FILE = ".sandbox.lock";

/** What the lock file says about the sandbox that holds the dir. */
export interface LockInfo {
  pid: number;
  startedAt: string;
  urls?: Record<string, string>;
}

/** When this process started. */
const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000;

/**
 * The lock's holder runs. In a container the pid repeats from run to run: a lock with our own pid
 * is ours only if this process wrote it, after it started; one written before was left by a
 * previous run, which had to end for this process to get its pid.
 */
export function held(info: LockInfo): boolean {
  return info.pid === process.pid ? Date.parse(info.startedAt) >= PROCESS_STARTED_MS : isAlive(info.pid);
}

/**
 * The lock's content: null when there is no lock, or it has not the lock's shape. A lock that is
 * there but cannot be read (EMFILE, EACCES) throws: it may belong to a live sandbox, and only its
 * reader knows what not knowing means.
 */
export async function readLock(lock: string): Promise<LockInfo | null> {
  const text = await readFile(lock, "utf8").catch((error: unknown) =>
    errnoCode(error) === "ENOENT" ? null : Promise.reject(error),
  );
  return text === null ? null : lockInfo(parseJson(text));
}

/** The lock's content when it has the lock's shape (a file cut short or edited by hand has not). */
function lockInfo(value: unknown): LockInfo | null {
  if (typeof value !== "object" || value === null || !("pid" in value) || !("startedAt" in value)) return null;
  const { pid, startedAt } = value;
  const urls = "urls" in value ? value.urls : undefined;
  if (typeof pid !== "number" || typeof startedAt !== "string") return null;
  if (urls !== undefined && !isStringRecord(urls)) return null;
  return urls === undefined ? { pid, startedAt } : { pid, startedAt, urls };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && Object.values(value).every((url) => typeof url === "string");
}

/** The sandbox running on this data dir, if one is: its pid and URLs, from the lock it holds. */
export async function runningSandbox(dir: string): Promise<LockInfo | null> {
  const lock = join(resolve(dir), LOCK_FILE);
  // A client that cannot read the lock finds no sandbox there: it can reach none anyway.
  const info = await readLock(lock).catch(() => null);
  return info && held(info) ? info : null;
}

/** The process runs (a zombie does not count: it holds nothing). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return errnoCode(error) === "EPERM";
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
