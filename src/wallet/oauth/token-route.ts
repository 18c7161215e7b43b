import type { H3 } from "h3";
import { clientFinder, type OAuthDeps } from "./deps.ts";
import { verifierMatches } from "./pkce.ts";
import type { OAuthClient } from "./clients.ts";
import { failOAuth, tokenResponse } from "./oauth-response.ts";
import type { CodeGrant } from "./codes.ts";
import { issueRefreshToken, revokeFamily, rotateRefreshToken, type RefreshGrant } from "./refresh-tokens.ts";
import { authenticateClient, readTokenForm } from "./token-request.ts";

export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;
export const TOKEN_PATH = "/oauth/token";

/** POST /oauth/token: the authorization_code and refresh_token grants, RFC 6749 §4.1.3 and §6. */
export function addTokenRoute(app: H3, deps: OAuthDeps): void {
  const findClient = clientFinder(deps.store);
  // Its errors leave in RFC 6749's shape: the wallet app answers them with oauthErrorResponse.
  app.post(TOKEN_PATH, async (event) => {
    const form = await readTokenForm(event);
    const client = authenticateClient(event, form, findClient);
    const grantType = form.get("grant_type");
    if (!grantType) failOAuth("invalid_request", "grant_type is missing");
    if (grantType === "authorization_code") return codeGrant(deps, client, form);
    if (grantType === "refresh_token") return refreshGrant(deps, client, form);
    return failOAuth("unsupported_grant_type", `grant_type "${grantType}" is not supported; use ${GRANT_TYPES.join(" or ")}`);
  }, { meta: { description: "OAuth token endpoint: authorization_code and refresh_token grants" } });
}

async function codeGrant(deps: OAuthDeps, client: OAuthClient, form: URLSearchParams): Promise<Response> {
  const code = form.get("code");
  if (!code) failOAuth("invalid_request", "code is missing");
  const taken = deps.codes.redeem(code);
  if (!taken) failOAuth("invalid_grant", "The code is unknown or has expired (codes live 10 minutes)");
  if ("busy" in taken) failOAuth("invalid_grant", "The code is being redeemed by another request: a code works once");
  if ("reused" in taken) {
    const { familyId } = taken.reused;
    if (familyId) await deps.store.update((draft) => revokeFamily(draft, familyId, deps.clock.now()));
    failOAuth("invalid_grant", `The code was already used${familyId ? "; the refresh token issued from it is revoked" : ""}`);
  }
  const { redemption } = taken;
  try {
    checkCodeRequest(redemption.grant, client, form);
  } catch (error) {
    // A request that does not match the code uses it up: nobody gets to try again with other values.
    redemption.useUp();
    throw error;
  }
  const grant = { clientId: client.id, userId: redemption.grant.userId, scope: redemption.grant.scope };
  const issued = await deps.store.update((draft) => issueRefreshToken(draft, grant, deps.clock.now())).catch((error: unknown) => {
    // Nothing was issued, so the code is not spent: the client can try again once the disk takes writes.
    redemption.giveBack();
    throw error;
  });
  redemption.useUp(issued.familyId);
  return accessTokenResponse(deps, grant, issued.token);
}

/** The token request must match what the code was issued for: the client, the redirect URI and the PKCE challenge. */
function checkCodeRequest(grant: CodeGrant, client: OAuthClient, form: URLSearchParams): void {
  if (grant.clientId !== client.id) failOAuth("invalid_grant", "The code was issued to another client");
  const redirectUri = form.get("redirect_uri");
  if ((grant.redirectUriGiven || redirectUri !== null) && redirectUri !== grant.redirectUri) {
    failOAuth("invalid_grant", "redirect_uri must be the one of the authorization request");
  }
  const verifier = form.get("code_verifier");
  if (grant.codeChallenge !== undefined && (verifier === null || !verifierMatches(verifier, grant.codeChallenge))) {
    failOAuth("invalid_grant", verifier === null ? "code_verifier is missing (the authorization request had a code_challenge)" : "code_verifier does not match the code_challenge");
  }
  if (grant.codeChallenge === undefined && verifier !== null) {
    failOAuth("invalid_grant", "code_verifier was sent, but the authorization request had no code_challenge");
  }
}

async function refreshGrant(deps: OAuthDeps, client: OAuthClient, form: URLSearchParams): Promise<Response> {
  const token = form.get("refresh_token");
  if (!token) failOAuth("invalid_request", "refresh_token is missing");
  const scope = form.get("scope") ?? undefined;
  const result = await deps.store.update((draft) => rotateRefreshToken(draft, token, client.id, deps.clock.now(), scope));
  if (!result.ok) failOAuth(result.error, result.reason);
  return accessTokenResponse(deps, result.grant, result.token);
}

/** The access token is the wallet JWT that the wallet routes accept; its sub is the user. */
async function accessTokenResponse(deps: OAuthDeps, grant: RefreshGrant, refreshToken: string): Promise<Response> {
  const accessToken = await deps.jwt.sign(grant.userId, { scope: grant.scope, client_id: grant.clientId });
  return tokenResponse({ access_token: accessToken, token_type: "Bearer", expires_in: deps.jwt.ttlSeconds, scope: grant.scope, refresh_token: refreshToken });
}
