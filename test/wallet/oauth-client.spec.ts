import assert from "node:assert/strict";
import { test } from "node:test";
import * as oauth from "oauth4webapi";
import { authorize, CLIENT } from "../helpers/oauth.ts";
import { ADA, startTestSandbox, TUNDE } from "../helpers/sandbox.ts";

/** The whole flow driven by oauth4webapi, a standards-following client, with no special cases. */
test("authorization code + PKCE + refresh rotation with a real OAuth client library", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const issuer = new URL(wallet.url);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", [oauth.allowInsecureRequests]: true }),
  );
  const client: oauth.Client = { client_id: CLIENT.id };

  for (const [name, auth] of [
    ["client_secret_basic", oauth.ClientSecretBasic(CLIENT.secret)],
    ["client_secret_post", oauth.ClientSecretPost(CLIENT.secret)],
  ] as const) {
    await t.test(name, async () => {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const callback = await authorize(
        wallet.url,
        {
          response_type: "code",
          client_id: CLIENT.id,
          redirect_uri: CLIENT.redirectUri,
          scope: "wallet:read",
          state,
          code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
        },
        TUNDE,
      );
      assert.equal(`${callback.origin}${callback.pathname}`, CLIENT.redirectUri);
      const params = oauth.validateAuthResponse(as, client, callback, state);
      const options = { [oauth.allowInsecureRequests]: true };
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, auth, params, CLIENT.redirectUri, verifier, options),
      );
      assert.equal(tokens.token_type, "bearer");
      assert.equal(tokens.expires_in, 86400);
      assert.equal(tokens.scope, "wallet:read");
      assert.ok(tokens.refresh_token);

      const balance = await wallet.as(tokens.access_token, "/api/wallet/balance");
      assert.equal(balance.status, 200, "the access token is the wallet JWT");
      const payload = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString());
      assert.equal(payload.sub, TUNDE.id);

      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, options),
      );
      assert.notEqual(refreshed.refresh_token, tokens.refresh_token, "rotation issues a new refresh token");
      assert.equal((await wallet.as(refreshed.access_token, "/api/wallet/balance")).status, 200);

      const replay = await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, options);
      await assert.rejects(
        oauth.processRefreshTokenResponse(as, client, replay),
        (error: unknown) => error instanceof oauth.ResponseBodyError && error.error === "invalid_grant",
      );
      const afterReplay = await oauth.refreshTokenGrantRequest(as, client, auth, refreshed.refresh_token!, options);
      await assert.rejects(
        oauth.processRefreshTokenResponse(as, client, afterReplay),
        (error: unknown) => error instanceof oauth.ResponseBodyError && error.error === "invalid_grant",
        "a replayed token revokes its whole family",
      );
    });
  }

  await t.test("without PKCE and without state", async () => {
    const callback = await authorize(wallet.url, {
      response_type: "code",
      client_id: CLIENT.id,
      redirect_uri: CLIENT.redirectUri,
    });
    const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(CLIENT.secret),
      params,
      CLIENT.redirectUri,
      oauth.nopkce,
      { [oauth.allowInsecureRequests]: true },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    assert.equal(JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()).sub, ADA.id);
  });

  await t.test("an error on the authorize endpoint reaches the client as RFC 6749 §4.1.2.1 says", async () => {
    const page = await fetch(
      `${wallet.url}/oauth/authorize?${new URLSearchParams({ response_type: "token", client_id: CLIENT.id, redirect_uri: CLIENT.redirectUri, state: "s1" })}`,
      { redirect: "manual" },
    );
    assert.equal(page.status, 302);
    const location = new URL(page.headers.get("location")!);
    assert.throws(
      () => oauth.validateAuthResponse(as, client, location, "s1"),
      (error: unknown) =>
        error instanceof oauth.AuthorizationResponseError && error.error === "unsupported_response_type",
    );
  });
});
