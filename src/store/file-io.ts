import { closeSync, fsync, openSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { promisify } from "node:util";
import { errnoCode } from "../errors.ts";

/**
 * The few file operations the store needs. Kept behind an interface so that a test can make
 * the disk refuse writes on purpose (file modes do not stop root, which the CI machines run as).
 */
export interface FileIO {
  /** The file's text, or null when it does not exist. */
  readText(path: string): Promise<string | null>;
  /** Replaces the file so that a crash at any moment leaves either the old or the new content; `sync` says what must be on disk when it resolves. */
  writeAtomic(path: string, text: string, sync?: Sync): Promise<void>;
}

/**
 * What a write has made durable (safe from a power loss) when it resolves:
 * - "all": the new content under its name (an answered change);
 * - "content": the new content, but its rename may still be lost, leaving the old file or none
 *   (a seed or a migration, which nothing answered depends on: the next start makes it again);
 * - "none": nothing, though readers never see it half-written (the lock, which a restart makes stale anyway).
 */
export type Sync = "all" | "content" | "none";

/** Marks a temp file as ours, so a start can clean up what a killed process left behind. */
export const TEMP_MARK = ".tmp-";

let tempCounter = 0;

export const nodeFileIO: FileIO = {
  async readText(path) {
    try {
      return await readFile(path, "utf8");
    } catch (error) {
      if (errnoCode(error) === "ENOENT") return null;
      throw error;
    }
  },

  // Opening, writing to the page cache, closing and renaming take microseconds: made at once, they
  // spare the write six of its eight trips through libuv's thread pool (each a wait for the event
  // loop's turn, which a busy server makes long); only the syncs, which wait for the disk, go there.
  async writeAtomic(path, text, sync = "all") {
    const temp = join(dirname(path), `${basename(path)}${TEMP_MARK}${process.pid}-${++tempCounter}`);
    try {
      // Owner-only: the files hold passwords, tokens and sessions.
      const fd = openSync(temp, "wx", 0o600);
      try {
        writeFileSync(fd, text, "utf8");
        if (sync !== "none") await fsyncAsync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, path);
    } catch (error) {
      try {
        unlinkSync(temp);
      } catch {
        // Never made, or already gone.
      }
      throw error;
    }
    if (sync === "all") await syncDirectory(dirname(path));
  },
};

const fsyncAsync = promisify(fsync);

/** Makes the rename itself durable: without it, a power loss can undo the rename. */
async function syncDirectory(dir: string): Promise<void> {
  const fd = openSync(dir, "r");
  try {
    await fsyncAsync(fd);
  } finally {
    closeSync(fd);
  }
}
