import type { H3 } from "h3";
import { TOKEN_PATH } from "../../contracts/wallet/oauth.ts";
import { OAUTH_TEXTS } from "../../contracts/wallet/oauth-errors.ts";
import { ISSUE_TOKEN } from "../../contracts/wallet/oauth-routes.ts";
import { failWith } from "../../errors.ts";
import type { OAuthClient } from "../model.ts";
import type { CodeGrant } from "./codes.ts";
import { clientFinder, type OAuthDeps } from "./deps.ts";
import { tokenResponse } from "./oauth-response.ts";
import { verifierMatches } from "./pkce.ts";
import { issueRefreshToken, type RefreshGrant, revokeFamily, rotateRefreshToken } from "./refresh-tokens.ts";
import { authenticateClient, readTokenForm } from "./token-request.ts";

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
    { meta: ISSUE_TOKEN },
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
