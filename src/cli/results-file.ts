import { randomUUID } from "node:crypto";
import { lstat, open, rename, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** A results file (`--junit`) written whole or not at all. */
export interface ResultsFile {
  /** Writes the results beside the path, then renames them over it. */
  write(text: string): Promise<void>;
  /** Gives up the file reserved beside the path (nothing was written). */
  discard(): Promise<void>;
}

/**
 * Reserves the results file before anything runs: a file of our own beside the path, made now
 * (so a folder that cannot be written to is said up front), which the results are written to and
 * renamed over the path at the end. The last run's file stays whole until then, an interrupted
 * run still writes what ran, and a symlink at the path is replaced by the file rather than
 * written through to what it points at.
 */
export async function reserveResultsFile(path: string): Promise<ResultsFile> {
  if ((await lstat(path).catch(() => null))?.isDirectory())
    throw Object.assign(new Error(`${path} is a folder`), { code: "EISDIR" });
  const temp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${randomUUID().slice(0, 8)}`);
  await (await open(temp, "wx")).close();
  return {
    async write(text) {
      await writeFile(temp, text);
      await rename(temp, path);
    },
    discard: () => unlink(temp).catch(() => {}),
  };
}
