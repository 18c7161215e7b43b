import { createHash, randomBytes } from "node:crypto";
import { AUTHORIZE_PATH, TOKEN_PATH } from "../contracts/wallet/oauth.ts";
import { expectStatus } from "./expect.ts";
import { type Answer, describe, type Http } from "./http.ts";
import { failCheck } from "./outcome.ts";
import type { RunContext } from "./run-context.ts";
import type { Account, OAuthClientCredentials } from "./target.ts";

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizeUrl(run: RunContext, params: Record<string, string>): string {
  return `${run.url("wallet")}${AUTHORIZE_PATH}?${new URLSearchParams(params)}`;
}

/** The parameters of an authorization request for the client, with state and a PKCE challenge. */
export function authorizationRequest(
  client: OAuthClientCredentials,
  challenge: string,
  state: string,
): Record<string, string> {
  return {
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirectUri,
    scope: "wallet:read",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
}

/** GET /oauth/authorize: a 200 HTML page with a sign-in form, whose hidden fields a browser would send back. */
export async function openSignInPage(
  http: Http,
  run: RunContext,
  params: Record<string, string>,
): Promise<URLSearchParams> {
  const answer = await http.send("GET", authorizeUrl(run, params), { headers: { accept: "text/html" } });
  expectStatus(answer, 200);
  expectHtml(answer);
  if (!/<form\b/i.test(answer.text) || !/type=["']?password/i.test(answer.text))
    failCheck("expected a sign-in form with a password field, got a page without one");
  return hiddenFields(answer.text);
}

/** Posts the sign-in form as a browser would. */
export function submitSignIn(http: Http, run: RunContext, fields: URLSearchParams, account: Account): Promise<Answer> {
  const form = new URLSearchParams(fields);
  form.set("email", account.email);
  form.set("password", account.password);
  return http.send("POST", `${run.url("wallet")}${AUTHORIZE_PATH}`, { headers: { accept: "text/html" }, body: form });
}

/** The whole browser part: the page, the sign-in and the redirect back; answers the code and its verifier. */
export async function obtainCode(
  http: Http,
  run: RunContext,
): Promise<{ code: string; verifier: string; state: string }> {
  const client = run.target.oauthClient!;
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString("hex");
  const fields = await openSignInPage(http, run, authorizationRequest(client, challenge, state));
  const answer = await submitSignIn(http, run, fields, run.account("user"));
  const location = answer.headers.get("location");
  if (answer.status !== 302 || !location)
    failCheck(`expected 302 to ${client.redirectUri}?code=…, got ${describe(answer)}`);
  const url = new URL(location, run.url("wallet"));
  const expected = new URL(client.redirectUri);
  if (url.origin !== expected.origin || url.pathname !== expected.pathname)
    failCheck(`expected the redirect to ${client.redirectUri}, got ${location}`);
  const code = url.searchParams.get("code");
  if (!code) failCheck(`expected a code in the redirect, got ${location}`);
  if (url.searchParams.get("state") !== state)
    failCheck(`expected state=${state} in the redirect, got ${url.searchParams.get("state") ?? "none"}`);
  return { code, verifier, state };
}

/** POST /oauth/token, the client authenticated with HTTP Basic (id and secret form-encoded, RFC 6749 §2.3.1). */
export function tokenRequest(
  http: Http,
  run: RunContext,
  form: Record<string, string>,
  secret = run.target.oauthClient!.secret,
): Promise<Answer> {
  const { id } = run.target.oauthClient!;
  const basic = Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString("base64");
  return http.send("POST", `${run.url("wallet")}${TOKEN_PATH}`, {
    headers: { accept: "application/json", authorization: `Basic ${basic}` },
    body: new URLSearchParams(form),
  });
}

export function codeGrant(
  run: RunContext,
  code: string,
  verifier: string,
  redirectUri = run.target.oauthClient!.redirectUri,
): Record<string, string> {
  return { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier };
}

export function expectHtml(answer: Answer): void {
  const type = answer.headers.get("content-type") ?? "";
  if (!/^text\/html\b/i.test(type))
    failCheck(`expected an HTML page, got ${type || "no Content-Type"} (${describe(answer)})`);
}

/** The hidden inputs of a page's form, their values unescaped. */
function hiddenFields(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    const attribute = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
        .exec(tag)
        ?.slice(1)
        .find((value) => value !== undefined);
    const name = attribute("name");
    if (attribute("type")?.toLowerCase() === "hidden" && name)
      fields.append(name, unescapeHtml(attribute("value") ?? ""));
  }
  return fields;
}

function unescapeHtml(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) =>
    body[0] === "#"
      ? String.fromCodePoint(body[1]?.toLowerCase() === "x" ? parseInt(body.slice(2), 16) : Number(body.slice(1)))
      : (named[body.toLowerCase()] ?? entity),
  );
}

function formEncode(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, "+");
}
