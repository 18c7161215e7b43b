// What the wallet's OAuth endpoints take, as their contracts show it (oauth-routes.ts) and their
// routes check it (src/wallet/oauth/): the authorization request's parameters and limits, and
// the token request's grants.
import type { Parameter } from "../route-contract.ts";
import { SCOPES, WALLET_SCOPE } from "./scopes.ts";

/** Every parameter of the authorization request, in the order a form re-sends them. */
export const AUTHORIZATION_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

/** The longest state, in characters as JSON Schema's maxLength counts them (code points), which the request's schema shows. */
export const MAX_STATE = 2048;

/** How long a sign-in form can be sent after the page was shown: time to read it and type a password, not to keep it for later. */
export const FORM_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/** A PKCE code challenge or verifier: 43 to 128 unreserved characters (RFC 7636 §4.1, §4.2). */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The same, as the OpenAPI documents show a code challenge or verifier; the lengths again for tools that do not read patterns. */
const PKCE_SCHEMA = { type: "string", minLength: 43, maxLength: 128, pattern: PKCE_VALUE.source } as const;

/** The authorization request (RFC 6749 §4.1.1, PKCE RFC 7636): checked by checkAuthorizationRequest, whose refusals are pages or redirects. */
export const AUTHORIZATION_REQUEST: Record<(typeof AUTHORIZATION_PARAMS)[number], Parameter> = {
  response_type: { description: "code", required: true, schema: { type: "string", enum: ["code"] } },
  client_id: {
    description: "A registered client (npx sandbox oauth clients)",
    required: true,
    schema: { type: "string", minLength: 1, examples: ["sandbox-agent-platform"] },
  },
  redirect_uri: {
    description:
      "One of the client's redirect URIs, exactly. The server takes a request without it when the client has only one (RFC 6749 §3.1.2.3), but a client cannot know that from here: send it",
    required: true,
    schema: { type: "string", minLength: 1, examples: ["http://localhost:3000/oauth/callback"] },
  },
  scope: {
    description: "Space-separated scopes",
    schema: { type: "string", enum: Object.keys(SCOPES), default: WALLET_SCOPE },
  },
  state: {
    description: "Sent back with the code, as given (at most 2048 characters)",
    schema: { type: "string", maxLength: MAX_STATE },
  },
  code_challenge: {
    description:
      "PKCE: BASE64URL(SHA256(verifier)), 43 to 128 characters of A-Z a-z 0-9 - . _ ~; with code_challenge_method",
    // RFC 7636's example (Appendix B).
    schema: { ...PKCE_SCHEMA, examples: ["E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"] },
  },
  code_challenge_method: {
    description: "PKCE: S256 (plain is not supported); with code_challenge",
    schema: { type: "string", enum: ["S256"] },
  },
};

/** client_secret_post: the client's credentials in the form, which no security scheme can name. */
const CLIENT_FIELDS = {
  client_id: { type: "string", minLength: 1, description: "client_secret_post: the client's id (else HTTP Basic)" },
  client_secret: { type: "string", description: "client_secret_post: the client's secret" },
} as const;

/** RFC 6749 §4.1.3: a code for tokens. */
export const CODE_GRANT = {
  title: "AuthorizationCodeTokenRequest",
  type: "object",
  required: ["grant_type", "code"],
  properties: {
    grant_type: { type: "string", const: "authorization_code" },
    code: { type: "string", minLength: 1, description: "The code of the redirect (single use, 10 minutes)" },
    redirect_uri: {
      type: "string",
      description: "The redirect URI of the authorization request, exactly; required when that request named one",
    },
    code_verifier: {
      ...PKCE_SCHEMA,
      description: "The PKCE verifier, when the authorization request sent a challenge (and only then)",
      // RFC 7636's example (Appendix B).
      examples: ["dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"],
    },
    ...CLIENT_FIELDS,
  },
} as const;

/** RFC 6749 §6: a refresh token for new tokens. */
export const REFRESH_GRANT = {
  title: "RefreshTokenRequest",
  type: "object",
  required: ["grant_type", "refresh_token"],
  properties: {
    grant_type: { type: "string", const: "refresh_token" },
    refresh_token: {
      type: "string",
      minLength: 1,
      description: "The refresh token (each works once: it is replaced)",
    },
    scope: { type: "string", enum: Object.keys(SCOPES), description: "The granted scope, or a narrower one" },
    ...CLIENT_FIELDS,
  },
} as const;
