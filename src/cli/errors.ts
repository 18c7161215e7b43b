import { SandboxError } from "../errors.ts";
import type { Cli } from "./io.ts";

/** A failure the user can act on, found by a command's own checks: said in one line. It ends the command, so it has an exit code and no HTTP status. */
export class UserFacingError extends SandboxError {
  override name = "UserFacingError";
  constructor(
    message: string,
    /** 2 for a usage error: the command cannot run as invoked (an unknown --user, flags that do not go together). */
    exitCode = 1,
  ) {
    super(exitCode === 2 ? "usage" : "command_failed", message, { exitCode, expected: true });
  }
}

/** Errors a user can fix (a SandboxError marked expected) get one line; anything else is a bug and keeps its stack. A SandboxError ends the command with its exit code, anything else with 1. */
export function reportError(error: unknown, cli: Cli): void {
  const expected = error instanceof SandboxError && error.expected;
  cli.io.stderr.write(
    `${expected ? `Error: ${error.message}` : `Unexpected error: ${(error as Error)?.stack ?? String(error)}`}\n`,
  );
  cli.exitCode = error instanceof SandboxError ? error.exitCode : 1;
}
