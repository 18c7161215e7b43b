import { AUTHORIZE_PATH, METADATA_PATH, TOKEN_PATH } from "../../contracts/wallet/oauth.ts";
import type { Area, Check } from "../check.ts";
import { expectBody, expectHeader, expectOAuthError, optionalMember } from "../expect.ts";
import { describe } from "../http.ts";
import {
  authorizationRequest,
  authorizeUrl,
  codeGrant,
  expectHtml,
  obtainCode,
  openSignInPage,
  pkce,
  submitSignIn,
  tokenRequest,
} from "../oauth-flow.ts";
import { failCheck } from "../outcome.ts";
import { bearer } from "../run-context.ts";
import { jwtClaims } from "../values.ts";

const CLIENT = ["wallet", "oauthClient"] as const;
const SIGNS_IN = ["wallet", "oauthClient", "user"] as const;

const TOKEN_ANSWER = { access_token: "string", token_type: "string", expires_in: "integer", scope: "string" } as const;

const checks: Check[] = [
  {
    name: "authorization server metadata",
    needs: ["wallet"],
    async run({ http, run }) {
      const body = expectBody(await http.get(`${run.url("wallet")}${METADATA_PATH}`), {
        issuer: "string",
        authorization_endpoint: "string",
        token_endpoint: "string",
      });
      if (!body.authorization_endpoint.endsWith(AUTHORIZE_PATH) || !body.token_endpoint.endsWith(TOKEN_PATH))
        failCheck(
          `expected the endpoints ${AUTHORIZE_PATH} and ${TOKEN_PATH}, got ${body.authorization_endpoint} and ${body.token_endpoint}`,
        );
      const methods = optionalMember(body, "code_challenge_methods_supported");
      if (!Array.isArray(methods) || !methods.includes("S256"))
        failCheck(`expected code_challenge_methods_supported to hold S256, got ${JSON.stringify(methods)}`);
      return `issuer ${body.issuer}, PKCE S256`;
    },
  },
  {
    name: "authorize shows the sign-in page",
    needs: CLIENT,
    async run({ http, run }) {
      const fields = await openSignInPage(
        http,
        run,
        authorizationRequest(run.target.oauthClient!, pkce().challenge, "check"),
      );
      return `200 HTML form (hidden fields: ${[...new Set(fields.keys())].join(", ")})`;
    },
  },
  {
    name: "authorize for an unknown client shows an error page",
    needs: ["wallet"],
    async run({ http, run }) {
      const answer = await http.send(
        "GET",
        authorizeUrl(run, {
          response_type: "code",
          client_id: "no-such-client-zzq",
          redirect_uri: "https://client.example/callback",
          state: "check",
        }),
        { headers: { accept: "text/html" } },
      );
      return errorPage(answer);
    },
  },
  {
    name: "authorize with an unregistered redirect_uri shows an error page",
    needs: CLIENT,
    async run({ http, run }) {
      const params = {
        ...authorizationRequest(run.target.oauthClient!, pkce().challenge, "check"),
        redirect_uri: unregistered(run.target.oauthClient!.redirectUri),
      };
      return errorPage(await http.send("GET", authorizeUrl(run, params), { headers: { accept: "text/html" } }));
    },
  },
  {
    name: "sign-in with a wrong password shows the page again",
    needs: SIGNS_IN,
    async run({ http, run }) {
      const fields = await openSignInPage(
        http,
        run,
        authorizationRequest(run.target.oauthClient!, pkce().challenge, "check"),
      );
      const { email, password } = run.account("user");
      const answer = await submitSignIn(http, run, fields, { email, password: `${password}-wrong` });
      if (answer.status !== 200 || answer.headers.get("location"))
        failCheck(
          `expected 200 with the sign-in page again, got ${answer.status}${answer.headers.get("location") ? ` to ${answer.headers.get("location")}` : ""}`,
        );
      expectHtml(answer);
      return "200, the page again, no redirect";
    },
  },
  {
    name: "sign-in redirects back with a code and the state",
    needs: SIGNS_IN,
    changes: true,
    async run({ http, run }) {
      await obtainCode(http, run);
      return `302 to ${run.target.oauthClient!.redirectUri}?code=…&state=…`;
    },
  },
  {
    name: "token for the code and its PKCE verifier",
    needs: SIGNS_IN,
    changes: true,
    async run({ http, run }) {
      const { code, verifier } = await obtainCode(http, run);
      const answer = await tokenRequest(http, run, codeGrant(run, code, verifier));
      const body = expectBody(answer, TOKEN_ANSWER);
      expectHeader(answer, "cache-control", /no-store/i);
      if (body.token_type.toLowerCase() !== "bearer") failCheck(`expected token_type Bearer, got ${body.token_type}`);
      if (body.expires_in <= 0) failCheck(`expected a positive expires_in, got ${body.expires_in}`);
      const { userId } = await run.signIn("wallet");
      const sub = jwtClaims(body.access_token)?.sub;
      if (sub !== userId)
        failCheck(
          `expected an access token whose sub is the user's id ${userId}, got ${sub === undefined ? "no JWT" : `sub ${String(sub)}`}`,
        );
      const balance = await http.get(run.walletUrl("/balance"), bearer(body.access_token));
      if (balance.status !== 200)
        failCheck(`expected the access token to work on ${run.target.walletPrefix}/balance, got ${describe(balance)}`);
      return `200 Bearer, expires_in ${body.expires_in}, no-store; it reads the balance`;
    },
  },
  {
    name: "refresh_token grant",
    needs: SIGNS_IN,
    changes: true,
    async run({ http, run }) {
      const { code, verifier } = await obtainCode(http, run);
      const first = expectBody(await tokenRequest(http, run, codeGrant(run, code, verifier)), TOKEN_ANSWER);
      const refreshToken = optionalMember(first, "refresh_token");
      if (typeof refreshToken !== "string" || refreshToken === "")
        failCheck("expected a refresh_token in the token answer, got none");
      const refreshed = expectBody(
        await tokenRequest(http, run, { grant_type: "refresh_token", refresh_token: refreshToken }),
        TOKEN_ANSWER,
      );
      const balance = await http.get(run.walletUrl("/balance"), bearer(refreshed.access_token));
      if (balance.status !== 200)
        failCheck(
          `expected the refreshed access token to work on ${run.target.walletPrefix}/balance, got ${describe(balance)}`,
        );
      return "200, a new access token that reads the balance";
    },
  },
  {
    name: "token with a wrong client secret",
    needs: CLIENT,
    async run({ http, run }) {
      const answer = await tokenRequest(
        http,
        run,
        codeGrant(run, "no-such-code", pkce().verifier),
        `wrong-${run.target.oauthClient!.secret}`,
      );
      expectOAuthError(answer, 401, "invalid_client");
      return "401 invalid_client";
    },
  },
  {
    name: "token for a code used before",
    needs: SIGNS_IN,
    changes: true,
    async run({ http, run }) {
      const { code, verifier } = await obtainCode(http, run);
      expectBody(await tokenRequest(http, run, codeGrant(run, code, verifier)), TOKEN_ANSWER);
      expectOAuthError(await tokenRequest(http, run, codeGrant(run, code, verifier)), 400, "invalid_grant");
      return "the second redemption: 400 invalid_grant";
    },
  },
  {
    name: "token with a wrong PKCE verifier",
    needs: SIGNS_IN,
    changes: true,
    async run({ http, run }) {
      const { code } = await obtainCode(http, run);
      expectOAuthError(await tokenRequest(http, run, codeGrant(run, code, pkce().verifier)), 400, "invalid_grant");
      return "400 invalid_grant";
    },
  },
  {
    name: "token with another redirect_uri",
    needs: SIGNS_IN,
    changes: true,
    async run({ http, run }) {
      const { code, verifier } = await obtainCode(http, run);
      expectOAuthError(
        await tokenRequest(
          http,
          run,
          codeGrant(run, code, verifier, unregistered(run.target.oauthClient!.redirectUri)),
        ),
        400,
        "invalid_grant",
      );
      return "400 invalid_grant";
    },
  },
];

export const oauthArea: Area = { name: "oauth", plan: async () => checks };

/** A redirect URI the client did not register: its own with a path segment added. */
function unregistered(redirectUri: string): string {
  const url = new URL(redirectUri);
  url.pathname = `${url.pathname.replace(/\/$/, "")}/not-registered`;
  return url.toString();
}

/** A page that explains the refusal, and no redirect to a URI nobody vouched for. */
function errorPage(answer: Parameters<typeof describe>[0]): string {
  if (answer.status < 400 || answer.headers.get("location"))
    failCheck(
      `expected an error page and no redirect, got ${answer.status}${answer.headers.get("location") ? ` to ${answer.headers.get("location")}` : ""}`,
    );
  expectHtml(answer);
  return `${answer.status} HTML error page, no redirect`;
}
