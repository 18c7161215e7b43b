import { basename } from "node:path";
import { STORAGE_TEXTS } from "../contracts/storage-errors.ts";
import { type ErrorText, errnoCode, fillText, SandboxError, userError } from "../errors.ts";

/** The data file exists but cannot be used: the start stops and names the file. */
export function dataFileError(file: string, reason: string): SandboxError {
  return userError(
    "data_file_invalid",
    `Cannot load ${file}: ${reason}. The file was left as it is: fix or restore it, or start with --fresh to replace it with the seed data.`,
    { details: { file } },
  );
}

/** The user can act on it (free space, fix permissions, start Redis), so it is reported without a stack. */
export function storageUnavailable(text: ErrorText, values: Record<string, string>, cause: unknown): SandboxError {
  return new SandboxError(text.code, fillText(text.text, values), { status: text.status, expected: true, cause });
}

/** The disk refused a write of the data file. */
export function writeRefused(file: string, cause: unknown): SandboxError {
  return storageUnavailable(
    STORAGE_TEXTS.writeRefused,
    { file: basename(file), reason: errnoCode(cause) ?? "write error" },
    cause,
  );
}
