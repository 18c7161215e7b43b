import { SandboxError } from "../errors.ts";

/** Bad input to the embed identity tools (an unknown user, a reserved claim, a bad mode): said in one line, a usage error of the command given it. */
export class IdentityError extends SandboxError {
  override name = "IdentityError";
  constructor(message: string) {
    super("identity_input", message, { exitCode: 2, expected: true });
  }
}
