import { open } from "node:fs/promises";
import { join } from "node:path";

/** Where a detached sandbox writes its output: in its data dir, next to the data it serves. */
export function logFile(dataDir: string): string {
  return join(dataDir, "sandbox.log");
}

/** The log's bytes from `offset` to its end, and where that end is; null when there is no log. */
export async function readLog(path: string, offset = 0): Promise<{ bytes: Buffer; end: number } | null> {
  const file = await open(path, "r").catch((error: NodeJS.ErrnoException) =>
    error.code === "ENOENT" ? null : Promise.reject(error),
  );
  if (!file) return null;
  try {
    const { size } = await file.stat();
    // A log that shrank was replaced: read the new one from its start.
    const start = size < offset ? 0 : offset;
    const buffer = Buffer.alloc(size - start);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, start);
    return { bytes: buffer.subarray(0, bytesRead), end: start + bytesRead };
  } finally {
    await file.close();
  }
}

/** The last `count` lines of a text, without the empty one after its last newline. */
export function lastLines(text: string, count: number): string[] {
  return text.replace(/\n$/, "").split("\n").slice(-count);
}
