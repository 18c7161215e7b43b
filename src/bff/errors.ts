import { errorTexts, SandboxError } from "../errors.ts";

/** The agent proxy's codes, on the storefront and the host app alike. */
export const BFF_ERRORS = {
  missing_end_user: 400,
  invalid_service_token: 401,
  no_active_session: 401,
  user_mismatch: 403,
} as const;

/** Two of them are the real service's, letter for letter: "Invalid agent service token" and "No active session for this user". */
export const BFF_TEXTS = errorTexts(BFF_ERRORS, {
  invalidServiceToken: ["invalid_service_token", "Invalid agent service token"],
  missingEndUser: ["missing_end_user", "Send the end user's id (the JWT sub) in the X-End-User-Id header"],
  noActiveSession: ["no_active_session", "No active session for this user"],
  userMismatch: ["user_mismatch", "The token belongs to user {tokenUser}, not to userId {userId}"],
});

/** A session store that cannot be used at start (Redis not there, a wrong password): the start stops with one line. */
export function sessionStoreError(message: string): SandboxError {
  return new SandboxError("session_store_unavailable", message, { expected: true });
}

/** --session-store redis://… in an install without the Redis client (an optional peer dependency). */
export const REDIS_NOT_INSTALLED =
  "The redis:// session store needs the Redis client, which is not installed: npm install redis (or choose --session-store memory or file).";
