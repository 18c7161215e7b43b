// The contracts of the wallet's OAuth routes (src/wallet/oauth/ serves them): the server's
// metadata, the token endpoint, and the sign-in page with its form.
import { type Answer, defineRoute, type Guard, json } from "../route-contract.ts";
import { STORAGE_TEXTS } from "../storage-errors.ts";
import { OAUTH_TAG } from "./oauth.ts";
import { OAUTH_ERROR_SHAPE, OAUTH_TEXTS } from "./oauth-errors.ts";
import { AUTHORIZATION_REQUEST, CODE_GRANT, FORM_TOKEN_LIFETIME_MS, REFRESH_GRANT } from "./oauth-requests.ts";

const LIST = { type: "array", items: { type: "string" } } as const;

export const OAUTH_METADATA = defineRoute({
  description: "OAuth 2.0 authorization server metadata (RFC 8414)",
  details:
    "RFC 8414: where the authorization and token endpoints are, and what they support. The issuer is the origin the client asked at (127.0.0.1, localhost or a LAN address alike), since clients check that it is the URL they discovered it from; the endpoints are on it.",
  operationId: "getAuthorizationServerMetadata",
  tag: OAUTH_TAG,
  responses: {
    200: json("The endpoints and what they support; URLs on the origin the client asked", {
      title: "AuthorizationServerMetadata",
      type: "object",
      required: [
        "issuer",
        "authorization_endpoint",
        "token_endpoint",
        "response_types_supported",
        "response_modes_supported",
        "grant_types_supported",
        "code_challenge_methods_supported",
        "token_endpoint_auth_methods_supported",
        "scopes_supported",
      ],
      properties: {
        issuer: { type: "string", description: "The origin the client used", examples: ["http://127.0.0.1:8083"] },
        authorization_endpoint: { type: "string" },
        token_endpoint: { type: "string" },
        response_types_supported: LIST,
        response_modes_supported: LIST,
        grant_types_supported: LIST,
        code_challenge_methods_supported: LIST,
        token_endpoint_auth_methods_supported: LIST,
        scopes_supported: LIST,
      },
    }),
  },
});

/** The client authenticates with HTTP Basic, or with client_id and client_secret in the form (which no security scheme names). */
const CLIENT_AUTH: Guard = {
  alternatives: [
    [
      {
        name: "clientBasic",
        scheme: () => ({
          type: "http",
          scheme: "basic",
          description: "The OAuth client's id and secret (client_secret_basic, each form-encoded)",
        }),
      },
    ],
    [],
  ],
  errors: [
    OAUTH_TEXTS.noClientAuth,
    OAUTH_TEXTS.wrongClient,
    OAUTH_TEXTS.malformedBasic,
    OAUTH_TEXTS.basicWithoutColon,
    OAUTH_TEXTS.basicNotEncoded,
    OAUTH_TEXTS.twoClientAuths,
    OAUTH_TEXTS.clientIdDiffers,
  ],
};

export const ISSUE_TOKEN = defineRoute({
  description: "OAuth token endpoint: authorization_code and refresh_token grants",
  details: [
    "RFC 6749 §4.1.3 (authorization_code) and §6 (refresh_token): the form's fields are those of its grant_type. Tokens are never to be cached (Cache-Control: no-store); errors are RFC 6749's `{error, error_description}`.",
    "The client authenticates one way, never both: HTTP Basic (client_secret_basic, its id and secret form-encoded) or `client_id` and `client_secret` in the form (client_secret_post), which no security scheme can name: Basic with `client_secret` in the form is 400 `invalid_request`, and so is a form `client_id` that is not Basic's. No authentication, or a wrong one, is 401 `invalid_client`.",
    "Each parameter at most once (400 `invalid_request`). What the server holds decides the rest (400 `invalid_grant`): the code must be one this wallet issued to this client, less than 10 minutes ago and not used yet, and `redirect_uri` and `code_verifier` must match its authorization request; a refresh token must be one this wallet issued to this client, not used yet (each works once), and `scope` can only keep or narrow its scope (`invalid_scope`).",
  ].join("\n\n"),
  operationId: "issueToken",
  tag: OAUTH_TAG,
  auth: CLIENT_AUTH,
  checksOwnInput: true,
  body: {
    description: "The form of one grant: its grant_type says which",
    mediaType: "application/x-www-form-urlencoded",
    schema: { type: "object", required: ["grant_type"], oneOf: [CODE_GRANT, REFRESH_GRANT] },
  },
  responses: {
    200: {
      description: "The tokens (never to be cached)",
      content: {
        "application/json": {
          title: "TokenResponse",
          type: "object",
          required: ["access_token", "token_type", "expires_in", "scope", "refresh_token"],
          properties: {
            access_token: { type: "string", description: "A wallet JWT for the wallet routes" },
            token_type: { type: "string", const: "Bearer" },
            expires_in: { type: "integer", description: "Seconds the access token lives", examples: [86400] },
            scope: { type: "string", examples: ["wallet:read"] },
            refresh_token: { type: "string", description: "Works once, for 30 days" },
          },
        },
      },
      headers: { "Cache-Control": { description: "no-store", schema: { type: "string", const: "no-store" } } },
    },
  },
  // Every text of the token endpoint (the client's are its guard's); a refused write of the refresh token.
  errors: [...Object.values(OAUTH_TEXTS), STORAGE_TEXTS.writeRefused],
  errorShape: OAUTH_ERROR_SHAPE,
});

/** What the schemas of the request cannot say: the rules between its parameters, and against the registered clients. */
const REQUEST_RULES = [
  "RFC 6749 §4.1.1 with PKCE (RFC 7636). Rules the schemas cannot say: `redirect_uri` must be one of the client's registered redirect URIs, exactly (the server takes a request without it only when the client has one: so it is required here); `code_challenge` and `code_challenge_method` go together (either alone is `invalid_request`); each parameter at most once.",
  "Refusals: while the client or its redirect URI is unknown, an error page (400), since nothing can be sent back safely; once both are known, a 302 back to the redirect URI with `error` (`invalid_request`, `unsupported_response_type`, `invalid_scope`), `error_description` and `state` (RFC 6749 §4.1.2.1).",
].join("\n\n");

const PAGE = { "text/html": { type: "string" } };
const REDIRECT = { description: "Location: the redirect URI", schema: { type: "string" } };
const BACK_TO_CLIENT: Answer = {
  description: "Back to the client's redirect URI with `error`, `error_description` and `state` (RFC 6749 §4.1.2.1)",
  headers: { Location: REDIRECT },
};
const ERROR_PAGE: Answer = {
  description:
    "An error page, without a redirect: the client or its redirect URI is unknown, or the request is unusable",
  content: PAGE,
};

export const SIGN_IN_PAGE = defineRoute({
  description: "OAuth authorization: the sign-in page (HTML)",
  details: `A page for the user's browser, opened by the client: who asks, for which scopes, and a sign-in form that POSTs the request back with the user's email and password.\n\n${REQUEST_RULES}`,
  operationId: "authorize",
  tag: OAUTH_TAG,
  checksOwnInput: true,
  query: AUTHORIZATION_REQUEST,
  responses: {
    200: { description: "The sign-in page: who asks, for what, and a form", content: PAGE },
    302: BACK_TO_CLIENT,
    400: ERROR_PAGE,
  },
});

export const SIGN_IN = defineRoute({
  description: "OAuth authorization: the sign-in form; redirects back with a code",
  details: `The sign-in page's form, as the browser posts it: the authorization request again (checked again, by the same rules), the page's \`csrf_token\`, and the user's email and password. The token must be the one the page gave for this very request, in this run of the wallet, less than ${FORM_TOKEN_LIFETIME_MS / 60_000} minutes ago, and the form must come from the wallet's own page (Sec-Fetch-Site, Origin): otherwise 403. A wrong email or password shows the page again (200). Signed in: a 302 to the redirect URI with \`code\` (single use, for 10 minutes) and \`state\`.\n\n${REQUEST_RULES}`,
  operationId: "signIn",
  tag: OAUTH_TAG,
  checksOwnInput: true,
  body: {
    description:
      "The sign-in page's form: the authorization request again, its anti-forgery token, and the user's credentials",
    mediaType: "application/x-www-form-urlencoded",
    schema: {
      type: "object",
      // The request's parameters as on the GET, and what the form adds.
      required: [
        ...Object.entries(AUTHORIZATION_REQUEST)
          .filter(([, { required }]) => required)
          .map(([name]) => name),
        "csrf_token",
        "email",
        "password",
      ],
      properties: {
        ...Object.fromEntries(Object.entries(AUTHORIZATION_REQUEST).map(([name, { schema }]) => [name, schema])),
        csrf_token: {
          type: "string",
          minLength: 1,
          description: "The page's form token: good for that request, for 15 minutes, until the wallet restarts",
        },
        email: { type: "string" },
        password: { type: "string" },
      },
    },
  },
  responses: {
    200: { description: "The page again, saying the email or password is wrong", content: PAGE },
    302: {
      description: "Back to the client's redirect URI with `code` and `state` (or with `error`)",
      headers: { Location: REDIRECT },
    },
    400: ERROR_PAGE,
    403: {
      description: "The form expired, comes from an earlier run of the sandbox, or was sent from another site",
      content: PAGE,
    },
    415: { description: "The form was not sent as application/x-www-form-urlencoded", content: PAGE },
  },
});
