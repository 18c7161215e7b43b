import { errorTexts } from "../errors.ts";

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
