import { SandboxError } from "../errors.ts";

/** A failure the user can act on, found by a command's own checks: said in one line. */
export class UserFacingError extends SandboxError {
  override name = "UserFacingError";
  constructor(message: string) {
    super("usage", message, { status: 400, expected: true });
  }
}

/** Errors a user can fix (a SandboxError marked expected) get one line and exit code 1; anything else is a bug and keeps its stack. */
export function reportError(error: unknown): void {
  const expected = error instanceof SandboxError && error.expected;
  process.stderr.write(`${expected ? `Error: ${error.message}` : `Unexpected error: ${(error as Error)?.stack ?? String(error)}`}\n`);
  process.exitCode = 1;
}
