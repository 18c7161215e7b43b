import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { MAX_IMPORT_BYTES } from "../contracts/controls/import-limit.ts";
import { errnoCode } from "../errors.ts";
import { packagePath } from "../package-files.ts";
import { nestingProblem } from "./document.ts";

/**
 * The export document a scenario's `data:` names, or why it cannot be taken, in one line that
 * never quotes the file (it may be any file on the machine: /etc/passwd says nothing of itself
 * here). Only a regular file of at most the import limit is read: a FIFO or a device (/dev/urandom)
 * would hang the run or fill its memory. Its text is taken as written: no `${…}` is filled in.
 */
export async function readDataFile(where: string): Promise<{ document: unknown } | { problem: string }> {
  let file: FileHandle;
  try {
    // Non-blocking, so that a FIFO opens at once (to be refused) instead of waiting for a writer.
    file = await open(where, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { problem: `${where} cannot be read (${errnoCode(error) ?? "unreadable"})` };
  }
  try {
    const info = await file.stat();
    if (!info.isFile())
      return {
        problem: `${where} is ${kindOf(info)}, not a regular file: name an export document (npx sandbox export > shop.json)`,
      };
    const text = await readUpTo(file, MAX_IMPORT_BYTES);
    if (text === undefined)
      return {
        problem: `${where} is over ${MAX_IMPORT_BYTES / 1024 / 1024} MiB, the most an import takes: import less of it, or start a sandbox on a data dir that holds it (${packagePath("docs/controls.md")}, "Export and import")`,
      };
    return parseData(where, text);
  } catch (error) {
    return { problem: `${where} cannot be read (${errnoCode(error) ?? "unreadable"})` };
  } finally {
    await file.close();
  }
}

/** The file's text, or undefined when it holds more than `limit` bytes (a /proc file says size 0, so the read counts). */
async function readUpTo(file: FileHandle, limit: number): Promise<string | undefined> {
  const buffer = Buffer.allocUnsafe(limit + 1);
  let length = 0;
  for (;;) {
    const { bytesRead } = await file.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) return buffer.toString("utf8", 0, length);
    length += bytesRead;
    if (length > limit) return undefined;
  }
}

function parseData(where: string, text: string): { document: unknown } | { problem: string } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // JSON.parse's message quotes the text: only where it went wrong is said.
    const at = /at position (\d+)/.exec(String(error))?.[1];
    const place = at === undefined ? "" : ` (${lineAndColumn(text, Number(at))})`;
    return { problem: `${where} is not valid JSON${place}: name an export document (npx sandbox export > shop.json)` };
  }
  if (document === null || typeof document !== "object" || Array.isArray(document))
    return {
      problem: `${where} is JSON, but no export document: that is an object, {"services": {…}} (npx sandbox export)`,
    };
  const problem = nestingProblem(document);
  return problem ? { problem: `${where} ${problem}` } : { document };
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position).split("\n");
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

function kindOf(info: { isDirectory(): boolean; isFIFO(): boolean }): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO";
  return "a device";
}
