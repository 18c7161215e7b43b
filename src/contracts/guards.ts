import { AUTH_TEXTS } from "./auth-errors.ts";
import type { Guard, SecurityScheme } from "./route-contract.ts";

/** The login JWT of the server, as `Authorization: Bearer`. */
export const BEARER_JWT: SecurityScheme = {
  name: "bearerJwt",
  scheme: () => ({
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The JWT that POST /api/auth/login of this server answers (HS256, sub = the user's id)",
  }),
};

/** The same JWT as `?access_token=`, for EventSource clients, which cannot set headers. */
export const ACCESS_TOKEN_QUERY: SecurityScheme = {
  name: "accessTokenQuery",
  scheme: () => ({
    type: "apiKey",
    in: "query",
    name: "access_token",
    description: "The login JWT in the query, for browsers' EventSource, which cannot send headers",
  }),
};

/** What a token that was sent may be refused for: the refusals of a bearer check once a token is there. */
export const TOKEN_ERRORS = [
  AUTH_TEXTS.notValidHere,
  AUTH_TEXTS.badSignature,
  AUTH_TEXTS.wrongAlgorithm,
  AUTH_TEXTS.malformed,
  AUTH_TEXTS.unknownUser,
  AUTH_TEXTS.expired,
];

/** requireUser: the bearer JWT. */
export const BEARER: Guard = { alternatives: [[BEARER_JWT]], errors: [AUTH_TEXTS.missingToken, ...TOKEN_ERRORS] };

/** requireUser with `allowQueryToken`: the bearer JWT, or the same as `?access_token=`. */
export const BEARER_OR_QUERY: Guard = {
  alternatives: [[BEARER_JWT], [ACCESS_TOKEN_QUERY]],
  errors: [AUTH_TEXTS.missingTokenOrQuery, ...TOKEN_ERRORS],
};
