import type { H3 } from "h3";
import { defineRoute } from "../../contracts/route-contract.ts";
import { STORAGE_TEXTS } from "../../contracts/storage-errors.ts";
import { OAUTH_TAG, TOKEN_PATH } from "../../contracts/wallet/oauth.ts";
import { SCOPES } from "../../contracts/wallet/scopes.ts";
import { failWith } from "../../errors.ts";
import type { OAuthClient } from "../model.ts";
import type { CodeGrant } from "./codes.ts";
import { clientFinder, type OAuthDeps } from "./deps.ts";
import { OAUTH_ERROR_SHAPE, OAUTH_TEXTS, tokenResponse } from "./oauth-response.ts";
import { PKCE_SCHEMA, verifierMatches } from "./pkce.ts";
import { issueRefreshToken, type RefreshGrant, revokeFamily, rotateRefreshToken } from "./refresh-tokens.ts";
import { authenticateClient, CLIENT_AUTH, readTokenForm } from "./token-request.ts";

/** client_secret_post: the client's credentials in the form, which no security scheme can name. */
const CLIENT_FIELDS = {
  client_id: { type: "string", minLength: 1, description: "client_secret_post: the client's id (else HTTP Basic)" },
  client_secret: { type: "string", description: "client_secret_post: the client's secret" },
} as const;

/** RFC 6749 §4.1.3: a code for tokens. */
const CODE_GRANT = {
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
const REFRESH_GRANT = {
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

const TOKEN = defineRoute({
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

/** POST /oauth/token: the authorization_code and refresh_token grants, RFC 6749 §4.1.3 and §6. */
export function addTokenRoute(app: H3, deps: OAuthDeps): void {
  const findClient = clientFinder(deps.store);
  // Its errors leave in RFC 6749's shape: the wallet app answers them with oauthErrorResponse.
  app.post(
    TOKEN_PATH,
    async (event) => {
      const form = await readTokenForm(event);
      const client = authenticateClient(event, form, findClient);
      const grantType = form.get("grant_type");
      if (!grantType) failWith(OAUTH_TEXTS.grantTypeMissing);
      if (grantType === "authorization_code") return codeGrant(deps, client, form);
      if (grantType === "refresh_token") return refreshGrant(deps, client, form);
      return failWith(OAUTH_TEXTS.grantTypeUnsupported, { values: { grantType } });
    },
    { meta: TOKEN },
  );
}

async function codeGrant(deps: OAuthDeps, client: OAuthClient, form: URLSearchParams): Promise<Response> {
  const code = form.get("code");
  if (!code) failWith(OAUTH_TEXTS.codeMissing);
  const taken = deps.codes.redeem(code);
  if (!taken) failWith(OAUTH_TEXTS.codeUnknown);
  if ("busy" in taken) failWith(OAUTH_TEXTS.codeBusy);
  if ("reused" in taken) {
    const { familyId } = taken.reused;
    if (familyId) await deps.store.update((draft) => revokeFamily(draft, familyId, deps.clock.now()));
    failWith(familyId ? OAUTH_TEXTS.codeUsedRevoked : OAUTH_TEXTS.codeUsed);
  }
  const { redemption } = taken;
  try {
    checkCodeRequest(redemption.grant, client, form);
  } catch (error) {
    // A request that does not match the code uses it up: nobody gets to try again with other values.
    redemption.spend();
    throw error;
  }
  const grant = { clientId: client.id, userId: redemption.grant.userId, scope: redemption.grant.scope };
  const issued = await deps.store
    .update((draft) => issueRefreshToken(draft, grant, deps.clock.now()))
    .catch((error: unknown) => {
      // Nothing was issued, so the code is not spent: the client can try again once the disk takes writes.
      redemption.giveBack();
      throw error;
    });
  redemption.spend(issued.familyId);
  return accessTokenResponse(deps, grant, issued.token);
}

/** The token request must match what the code was issued for: the client, the redirect URI and the PKCE challenge. */
function checkCodeRequest(grant: CodeGrant, client: OAuthClient, form: URLSearchParams): void {
  if (grant.clientId !== client.id) failWith(OAUTH_TEXTS.codeOtherClient);
  const redirectUri = form.get("redirect_uri");
  if ((grant.redirectUriGiven || redirectUri !== null) && redirectUri !== grant.redirectUri) {
    failWith(OAUTH_TEXTS.redirectUriDiffers);
  }
  const verifier = form.get("code_verifier");
  if (grant.codeChallenge !== undefined && (verifier === null || !verifierMatches(verifier, grant.codeChallenge))) {
    failWith(verifier === null ? OAUTH_TEXTS.verifierMissing : OAUTH_TEXTS.verifierWrong);
  }
  if (grant.codeChallenge === undefined && verifier !== null) {
    failWith(OAUTH_TEXTS.verifierUnexpected);
  }
}

async function refreshGrant(deps: OAuthDeps, client: OAuthClient, form: URLSearchParams): Promise<Response> {
  const token = form.get("refresh_token");
  if (!token) failWith(OAUTH_TEXTS.refreshTokenMissing);
  const scope = form.get("scope") ?? undefined;
  const result = await deps.store.update((draft) =>
    rotateRefreshToken(draft, token, client.id, deps.clock.now(), scope),
  );
  if (!result.ok) failWith(result.refusal, { values: result.values });
  return accessTokenResponse(deps, result.grant, result.token);
}

/** The access token is the wallet JWT that the wallet routes accept; its sub is the user. */
async function accessTokenResponse(deps: OAuthDeps, grant: RefreshGrant, refreshToken: string): Promise<Response> {
  const accessToken = await deps.jwt.sign(grant.userId, { scope: grant.scope, client_id: grant.clientId });
  return tokenResponse({
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: deps.jwt.ttlSeconds,
    scope: grant.scope,
    refresh_token: refreshToken,
  });
}
