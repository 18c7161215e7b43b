import { readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import type { FaultSpec } from "../contracts/controls/fault.ts";
import { MAX_FAULT_BODY_BYTES } from "../contracts/controls/fault-answer.ts";
import { FAULT_TEXTS } from "../contracts/controls/fault-errors.ts";
import { failWith } from "../errors.ts";
import { CLI_TEXTS } from "./errors.ts";
import type { Cli } from "./io.ts";

/** The flags of `fault add` that shape the fault's own answer. */
export interface AnswerFlags {
  header?: string[];
  body?: string;
  bodyFile?: string;
  contentType?: string;
  truncate?: string;
}

/** The type a file's extension says, for --body-file without --content-type; other files: the sandbox decides (JSON or text). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** Commander's collector for a repeatable flag. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The answer's fields as the control takes them; what the sandbox checks (sizes, names, values) it refuses itself. */
export async function answerSpec(
  flags: AnswerFlags,
  cli: Cli,
): Promise<Pick<FaultSpec, "body" | "contentType" | "headers" | "truncate">> {
  if (flags.body !== undefined && flags.bodyFile !== undefined) {
    failWith(CLI_TEXTS.bodyTwice, { expected: true });
  }
  const body = flags.bodyFile === undefined ? flags.body : await readBody(resolve(cli.io.cwd, flags.bodyFile));
  const fromExtension =
    flags.bodyFile === undefined ? undefined : TYPES_BY_EXTENSION[extname(flags.bodyFile).toLowerCase()];
  const truncate = flags.truncate;
  return {
    body,
    contentType: flags.contentType ?? fromExtension,
    headers: flags.header && headersOf(flags.header),
    truncate: (truncate !== undefined && /^\s*\d+\s*$/.test(truncate) ? Number(truncate) : truncate) as
      | number
      | undefined,
  };
}

/** 'Retry-After: 30' lines as {"Retry-After": "30"}; the value without the spaces around it, as HTTP reads it. */
function headersOf(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim();
    if (colon < 0 || name === "")
      failWith(CLI_TEXTS.headerFlag, { values: { value: JSON.stringify(line) }, expected: true });
    if (seen.has(name.toLowerCase())) failWith(CLI_TEXTS.headerTwice, { values: { name }, expected: true });
    seen.add(name.toLowerCase());
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The file's text; one over the bound is refused here as the sandbox would, before it is sent. */
async function readBody(path: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return failWith(CLI_TEXTS.cannotReadBody, {
      values: { path, reason: (error as NodeJS.ErrnoException).code ?? String(error) },
      expected: true,
    });
  }
  if (bytes.length > MAX_FAULT_BODY_BYTES) {
    failWith(FAULT_TEXTS.bodyTooLarge, {
      values: { bytes: String(bytes.length) },
      details: { field: "body" },
      expected: true,
    });
  }
  return bytes.toString("utf8");
}
