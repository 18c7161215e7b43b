import { errorTexts, errorThrower, type Fail } from "../errors.ts";

/** Sign-in and bearer-token codes, shared by the storefront, the wallet and the agent session routes. */
export const AUTH_ERRORS = {
  invalid_credentials: 401,
  invalid_token: 401,
  token_expired: 401,
} as const;

export const failAuth: Fail<typeof AUTH_ERRORS> = errorThrower(AUTH_ERRORS);

export const AUTH_TEXTS = errorTexts(AUTH_ERRORS, {
  wrongCredentials: ["invalid_credentials", "Wrong email or password"],
  missingToken: [
    "invalid_token",
    "Missing token: send Authorization: Bearer <token> with the token from POST /api/auth/login",
  ],
  missingTokenOrQuery: [
    "invalid_token",
    "Missing token: send Authorization: Bearer <token> or ?access_token=<token> with the token from POST /api/auth/login",
  ],
  notValidHere: ["invalid_token", "The token is not valid here: {reason}"],
  badSignature: ["invalid_token", "The token's signature does not match"],
  wrongAlgorithm: ["invalid_token", "The token must be signed with HS256"],
  malformed: ["invalid_token", "The token is malformed"],
  unknownUser: ["invalid_token", "The token's user (sub) is not a user of this service"],
  expired: ["token_expired", "The token has expired: log in again"],
});
