import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { delimiter, resolve } from "node:path";

/** Why a command cannot be started, in a shell's terms: not found (exit 127), or found but not executable (126). */
export type CommandProblem = "not_found" | "not_executable";

/**
 * Looks the command up as a shell would before running it: a name with a slash is a path (from
 * `cwd`), any other is searched for in PATH. `sandbox exec` asks first, so that a misspelt
 * command fails in one line before a sandbox starts for nothing.
 */
export async function commandProblem(
  command: string,
  path: string | undefined,
  cwd: string,
): Promise<CommandProblem | null> {
  if (command.includes("/")) return fileProblem(resolve(cwd, command));
  // An empty entry of PATH is the current folder, as for a shell.
  for (const dir of (path ?? "").split(delimiter)) {
    if ((await fileProblem(resolve(cwd, dir, command))) === null) return null;
  }
  return "not_found";
}

async function fileProblem(file: string): Promise<CommandProblem | null> {
  const found = await stat(file).catch(() => null);
  if (!found) return "not_found";
  if (found.isDirectory()) return "not_executable";
  return access(file, constants.X_OK).then(
    () => null,
    () => "not_executable" as const,
  );
}
