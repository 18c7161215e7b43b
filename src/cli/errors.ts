import { ActionDefinitionError } from "../agent/actions/definition.ts";
import { SessionStoreError } from "../agent/sessions/redis.ts";
import { AgentSetupError } from "../agent/target.ts";
import { ConfigError } from "../config.ts";
import { ListenError } from "../http/serve.ts";
import { IdentityError } from "../identity/errors.ts";
import { DataDirLockedError } from "../store/data-dir.ts";
import { DataFileError } from "../store/errors.ts";
import { ClientRegistrationError } from "../wallet/oauth/registry.ts";
import type { Cli } from "./io.ts";

/** A failure the user can act on, said in one line (for commands' own checks). */
export class UserFacingError extends Error {
  override name = "UserFacingError";
}

const EXPECTED = [ConfigError, ListenError, DataDirLockedError, DataFileError, ClientRegistrationError, SessionStoreError, ActionDefinitionError, AgentSetupError, IdentityError, UserFacingError];

/** Errors a user can fix get one line and exit code 1; anything else is a bug and keeps its stack. */
export function reportError(error: unknown, cli: Cli): void {
  const expected = EXPECTED.some((type) => error instanceof type);
  cli.io.stderr.write(`${expected ? `Error: ${(error as Error).message}` : `Unexpected error: ${(error as Error)?.stack ?? String(error)}`}\n`);
  cli.exitCode = 1;
}
