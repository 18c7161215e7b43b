import { rmSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { describeShortage, descriptorShortageOf } from "./descriptors.ts";
import { errnoCode, messageOf, userError } from "./errors.ts";
import { registerCleanup } from "./exit-cleanup.ts";
import { parseJson } from "./json-text.ts";
import { held, LOCK_FILE } from "./sandbox-lock.ts";

/**
 * The temporary dirs the sandbox makes in the system's temp dir: `agent-sandbox-*` (the data
 * dir of `startSandbox`, and so of each scenario `sandbox run` runs), `sandbox-openapi-*`
 * (`sandbox openapi`'s sandbox); `sandbox-run-*` was a scenario's in earlier versions.
 */
export const TEMP_DIR_PREFIXES = ["agent-sandbox-", "sandbox-openapi-", "sandbox-run-"] as const;
export type TempDirPrefix = (typeof TEMP_DIR_PREFIXES)[number];

/** The file in each of them that names the process that made it, so that a later one can tell a dir left behind. */
export const OWNER_FILE = ".sandbox-owner";

export interface OwnedTempDir {
  readonly path: string;
  /** Removes the dir and what it holds; retried while the process is out of descriptors. */
  remove(): Promise<void>;
}

// Node's rm retries EMFILE, ENFILE, EBUSY and ENOTEMPTY this many times, waiting 50 ms longer each time (2.75 s in all).
const REMOVE_RETRIES = { maxRetries: 10, retryDelay: 50 };

let swept: Promise<void> | undefined;

/**
 * A new dir in the system's temp dir (TMPDIR), with a file naming this process in it. It is
 * removed by `remove()`, or, if the process ends first, when it exits (process.exit, an uncaught
 * exception, a signal: src/exit-cleanup.ts). A SIGKILL leaves it: the first dir a process makes
 * sweeps those whose process is gone.
 */
export async function makeTempDir(prefix: TempDirPrefix): Promise<OwnedTempDir> {
  const sweeping = sweepOnce();
  const root = tmpdir();
  const path = await mkdtemp(join(root, prefix)).catch((error: unknown) => {
    const shortage = descriptorShortageOf(error);
    const why = shortage
      ? `${describeShortage(shortage)}: raise the limit, or run fewer at once`
      : `${errnoCode(error) ?? messageOf(error)}: set TMPDIR to a folder this user may write to`;
    throw userError("temp_dir_unusable", `Cannot make a temporary dir in ${root} (${why}).`, { cause: error });
  });
  const unregister = registerCleanup({
    onExit: () => rmSync(path, { recursive: true, force: true }),
  });
  const remove = async () => {
    await rm(path, { recursive: true, force: true, ...REMOVE_RETRIES });
    unregister();
  };
  try {
    const owner = { pid: process.pid, startedAt: new Date().toISOString(), host: hostname() };
    await writeFile(join(path, OWNER_FILE), JSON.stringify(owner), { mode: 0o600 });
    await sweeping;
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, remove };
}

/** Once a process: what makes the first dir also removes those left by processes that are gone. */
function sweepOnce(): Promise<void> {
  // A sweep that fails (a temp dir it may not read) leaves the dirs: it never fails a start.
  swept ??= sweepStaleTempDirs(tmpdir()).then(
    () => {},
    () => {},
  );
  return swept;
}

/**
 * Removes the dirs of ours in `root` whose process is gone (a SIGKILL, a power loss). A dir is
 * known by its owner file, or by the data dir's lock for a dir made before there was one; a dir
 * with neither (being made, or not ours) stays. One at a time: a process short of descriptors
 * must not run out of them sweeping.
 */
export async function sweepStaleTempDirs(root: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root)) {
    if (!TEMP_DIR_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const dir = join(root, name);
    const owner = (await ownerOf(join(dir, OWNER_FILE))) ?? (await ownerOf(join(dir, LOCK_FILE)));
    // Another machine's process (a temp dir shared between containers) is not ours to judge.
    if (!owner || (owner.host !== undefined && owner.host !== hostname()) || held(owner)) continue;
    await rm(dir, { recursive: true, force: true, ...REMOVE_RETRIES });
    removed.push(dir);
  }
  return removed;
}

interface Owner {
  pid: number;
  startedAt: string;
  host?: string;
}

async function ownerOf(file: string): Promise<Owner | null> {
  const text = await readFile(file, "utf8").catch(() => null);
  if (text === null) return null;
  const value = parseJson(text) as Partial<Owner> | null | undefined;
  if (typeof value?.pid !== "number" || typeof value.startedAt !== "string") return null;
  return { pid: value.pid, startedAt: value.startedAt, host: typeof value.host === "string" ? value.host : undefined };
}
