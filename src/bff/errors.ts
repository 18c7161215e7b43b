import { SandboxError, errorThrower, type Fail } from "../errors.ts";

/** The agent proxy's codes, on the storefront and the host app alike. */
export const BFF_ERRORS = {
  missing_end_user: 400,
  invalid_service_token: 401,
  no_active_session: 401,
  user_mismatch: 403,
} as const;

export const failBff: Fail<typeof BFF_ERRORS> = errorThrower(BFF_ERRORS);

/** A session store that cannot be used at start (Redis not there, a wrong password): the start stops with one line. */
export function sessionStoreError(message: string): SandboxError {
  return new SandboxError("session_store_unavailable", message, { expected: true });
}
