import { errorThrower, type Fail } from "../errors.ts";

/** Sign-in and bearer-token codes, shared by the storefront, the wallet and the agent session routes. */
export const AUTH_ERRORS = {
  invalid_credentials: 401,
  invalid_token: 401,
  token_expired: 401,
} as const;

export const failAuth: Fail<typeof AUTH_ERRORS> = errorThrower(AUTH_ERRORS);
