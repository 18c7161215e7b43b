import { resolve } from "node:path";
import { OPTIONS } from "../config/options.ts";
import { shellWord } from "../shell-word.ts";

const DEFAULT_DATA_DIR = OPTIONS.find((option) => option.key === "dataDir")?.default as string;

/**
 * ` --data-dir <dir>` when a command run beside `sandbox start` needs it to find this sandbox, ""
 * when the dir is the default one (./data), as a command without the flag looks there.
 */
export function dataDirArgument(dataDir: string): string {
  return resolve(dataDir) === resolve(DEFAULT_DATA_DIR) ? "" : ` --data-dir ${shellWord(dataDir)}`;
}

/** How a fault of a sandbox started by the CLI is removed: `sandbox fault clear`, on that sandbox's data dir. */
export function cliFaultHint(dataDir: string): (id: string) => string {
  return (id) => `Remove it with: npx sandbox fault clear ${id}${dataDirArgument(dataDir)}`;
}
