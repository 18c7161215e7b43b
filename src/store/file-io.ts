import { open, readFile, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * The few file operations the store needs. Kept behind an interface so that a test can make
 * the disk refuse writes on purpose (file modes do not stop root, which the CI machines run as).
 */
export interface FileIO {
  /** The file's text, or null when it does not exist. */
  readText(path: string): Promise<string | null>;
  /** Replaces the file so that a crash at any moment leaves either the old or the new content. */
  writeAtomic(path: string, text: string): Promise<void>;
}

/** Marks a temp file as ours, so a start can clean up what a killed process left behind. */
export const TEMP_MARK = ".tmp-";

let tempCounter = 0;

export const nodeFileIO: FileIO = {
  async readText(path) {
    try {
      return await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  },

  async writeAtomic(path, text) {
    const temp = join(dirname(path), `${basename(path)}${TEMP_MARK}${process.pid}-${++tempCounter}`);
    try {
      // Owner-only: the files hold passwords, tokens and sessions.
      const handle = await open(temp, "wx", 0o600);
      try {
        await handle.writeFile(text, "utf8");
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    await syncDirectory(dirname(path));
  },
};

/** Makes the rename itself durable: without it, a power loss can undo the rename. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
