import { SandboxError } from "../errors.ts";
import type { Cli } from "./io.ts";

/** A failure the user can act on, found by a command's own checks: said in one line. */
export class UserFacingError extends SandboxError {
  override name = "UserFacingError";
  constructor(
    message: string,
    /** 2 for a command that cannot start as invoked (an unknown --user, say), as usage errors exit. */
    readonly exitCode = 1,
  ) {
    super("usage", message, { status: 400, expected: true });
  }
}

/** Errors a user can fix (a SandboxError marked expected) get one line and exit code 1; anything else is a bug and keeps its stack. */
export function reportError(error: unknown, cli: Cli): void {
  const expected = error instanceof SandboxError && error.expected;
  cli.io.stderr.write(
    `${expected ? `Error: ${error.message}` : `Unexpected error: ${(error as Error)?.stack ?? String(error)}`}\n`,
  );
  cli.exitCode = error instanceof UserFacingError ? error.exitCode : 1;
}
