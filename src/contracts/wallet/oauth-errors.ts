import { errorTexts } from "../../errors.ts";
import type { ErrorShape } from "../route-contract.ts";
import { GRANT_TYPES } from "./oauth.ts";
import { OAUTH_ERROR_BODY } from "./schemas.ts";

/** RFC 6749 §5.2 error codes, and the status each answers with. */
export const OAUTH_ERRORS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
} as const;

/** The token endpoint's error descriptions. */
export const OAUTH_TEXTS = errorTexts(OAUTH_ERRORS, {
  notAForm: ["invalid_request", "Send the token request as application/x-www-form-urlencoded"],
  repeatedParameter: ["invalid_request", "The parameter {name} is given more than once"],
  twoClientAuths: [
    "invalid_request",
    "Authenticate the client one way: HTTP Basic or client_secret in the body, not both",
  ],
  clientIdDiffers: ["invalid_request", "client_id in the body differs from the one in the Authorization header"],
  noClientAuth: [
    "invalid_client",
    "Client authentication is missing: send HTTP Basic, or client_id and client_secret in the body",
  ],
  wrongClient: ["invalid_client", "Unknown client or wrong client secret"],
  malformedBasic: ["invalid_client", "The Basic Authorization header is malformed"],
  basicWithoutColon: ["invalid_client", "The Basic Authorization header must hold client_id:client_secret"],
  basicNotEncoded: ["invalid_client", "The client id or secret in the Basic header is not properly form-encoded"],
  grantTypeMissing: ["invalid_request", "grant_type is missing"],
  grantTypeUnsupported: [
    "unsupported_grant_type",
    `grant_type "{grantType}" is not supported; use ${GRANT_TYPES.join(" or ")}`,
  ],
  codeMissing: ["invalid_request", "code is missing"],
  codeUnknown: ["invalid_grant", "The code is unknown or has expired (codes live 10 minutes)"],
  codeBusy: ["invalid_grant", "The code is being redeemed by another request: a code works once"],
  codeUsed: ["invalid_grant", "The code was already used"],
  codeUsedRevoked: ["invalid_grant", "The code was already used; the refresh token issued from it is revoked"],
  codeOtherClient: ["invalid_grant", "The code was issued to another client"],
  redirectUriDiffers: ["invalid_grant", "redirect_uri must be the one of the authorization request"],
  verifierMissing: ["invalid_grant", "code_verifier is missing (the authorization request had a code_challenge)"],
  verifierWrong: ["invalid_grant", "code_verifier does not match the code_challenge"],
  verifierUnexpected: ["invalid_grant", "code_verifier was sent, but the authorization request had no code_challenge"],
  refreshTokenMissing: ["invalid_request", "refresh_token is missing"],
  refreshUnknown: ["invalid_grant", "The refresh token is unknown or has expired"],
  refreshOtherClient: ["invalid_grant", "The refresh token was issued to another client"],
  refreshRevoked: ["invalid_grant", "The refresh token was revoked"],
  refreshReused: [
    "invalid_grant",
    "The refresh token was already used: it and every refresh token issued from it are now revoked",
  ],
  refreshScope: ["invalid_scope", 'The refresh can only keep or narrow the scope "{scope}"'],
});

/** RFC 6749 §5.2's error body, as the token endpoint answers it and its OpenAPI description shows it. */
export const OAUTH_ERROR_SHAPE: ErrorShape = {
  schema: {
    ...OAUTH_ERROR_BODY,
    properties: {
      ...OAUTH_ERROR_BODY.properties,
      error: { ...OAUTH_ERROR_BODY.properties.error, enum: [...Object.keys(OAUTH_ERRORS), "temporarily_unavailable"] },
    },
  },
  answer(error) {
    const own = Object.hasOwn(OAUTH_ERRORS, error.code);
    const code = own ? error.code : error.status >= 500 ? "temporarily_unavailable" : "invalid_request";
    const status = own || error.status >= 500 || error.status === 405 ? error.status : 400;
    return { status, body: { error: code, error_description: error.message } };
  },
};
