import type { H3, H3Event } from "h3";
import { findByCredentials } from "../../auth/credentials.ts";
import { type Answer, defineRoute, type Parameter } from "../../contracts/route-contract.ts";
import { AUTHORIZE_PATH, OAUTH_TAG } from "../../contracts/wallet/oauth.ts";
import { SCOPES, WALLET_SCOPE } from "../../contracts/wallet/scopes.ts";
import { readForm } from "../../http/form-body.ts";
import {
  type AUTHORIZATION_PARAMS,
  type AuthorizationRequest,
  checkAuthorizationRequest,
  MAX_STATE,
  redirectWith,
} from "./authorization-request.ts";
import { clientFinder, type OAuthDeps } from "./deps.ts";
import { FORM_TOKEN_LIFETIME_MS } from "./form-token.ts";
import { errorPage, pageHeaders, signInPage } from "./page.ts";
import { PKCE_SCHEMA } from "./pkce.ts";

/** The authorization request (RFC 6749 §4.1.1, PKCE RFC 7636): checked by checkAuthorizationRequest, whose refusals are pages or redirects. */
const REQUEST: Record<(typeof AUTHORIZATION_PARAMS)[number], Parameter> = {
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

const SIGN_IN_PAGE = defineRoute({
  description: "OAuth authorization: the sign-in page (HTML)",
  details: `A page for the user's browser, opened by the client: who asks, for which scopes, and a sign-in form that POSTs the request back with the user's email and password.\n\n${REQUEST_RULES}`,
  operationId: "authorize",
  tag: OAUTH_TAG,
  checksOwnInput: true,
  query: REQUEST,
  responses: {
    200: { description: "The sign-in page: who asks, for what, and a form", content: PAGE },
    302: BACK_TO_CLIENT,
    400: ERROR_PAGE,
  },
});

const SIGN_IN = defineRoute({
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
        ...Object.entries(REQUEST)
          .filter(([, { required }]) => required)
          .map(([name]) => name),
        "csrf_token",
        "email",
        "password",
      ],
      properties: {
        ...Object.fromEntries(Object.entries(REQUEST).map(([name, { schema }]) => [name, schema])),
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

/**
 * GET shows the sign-in page for a valid request; POST is its form. The form carries the
 * request again (checked again, as anything from a browser) and an anti-CSRF token bound to
 * that request and to this run of the wallet (see form-token.ts). No cookie goes with it: a
 * page on another localhost port is the same site for cookies and could plant any cookie, so
 * a cookie would prove nothing the token does not.
 */
export function addAuthorizeRoutes(app: H3, deps: OAuthDeps): void {
  const findClient = clientFinder(deps.store);
  const signIn = (request: AuthorizationRequest, options: { email?: string; error?: string } = {}) =>
    page(signInPage(request, { ...options, csrfToken: deps.formTokens.issue(request) }), 200, request);

  app.get(
    AUTHORIZE_PATH,
    (event) => {
      const result = checkAuthorizationRequest(event.url.searchParams, findClient);
      if (!result.ok) return "page" in result ? page(errorPage(result.page), 400) : backToClient(result);
      return signIn(result.request);
    },
    { meta: SIGN_IN_PAGE },
  );

  app.post(
    AUTHORIZE_PATH,
    async (event) => {
      const form = await readForm(event);
      if (!form) return page(errorPage("The sign-in form must be sent as application/x-www-form-urlencoded."), 415);
      const result = checkAuthorizationRequest(form, findClient);
      if (!result.ok) return "page" in result ? page(errorPage(result.page), 400) : backToClient(result);
      const { request } = result;
      if (fromAnotherSite(event) || !deps.formTokens.check(form.get("csrf_token") ?? "", request)) {
        return page(
          errorPage(
            `This sign-in form has expired (forms last ${FORM_TOKEN_LIFETIME_MS / 60_000} minutes), comes from an earlier run of the sandbox, or was sent from another page. Go back to the application and start the sign-in again.`,
          ),
          403,
        );
      }
      const email = form.get("email") ?? "";
      const user = findByCredentials(deps.store.data.users, email, form.get("password") ?? "");
      if (!user) return signIn(request, { email, error: "Wrong email or password. Try again." });
      const code = deps.codes.issue({
        clientId: request.client.id,
        redirectUri: request.redirectUri,
        redirectUriGiven: request.redirectUriGiven,
        userId: user.id,
        scope: request.scope,
        codeChallenge: request.codeChallenge,
      });
      return redirectTo(redirectWith(request.redirectUri, { code, state: request.state }));
    },
    { meta: SIGN_IN },
  );
}

/**
 * Browsers say where a request comes from (Fetch Metadata): the form is posted by the wallet's
 * own page, so a post from another origin (another port of localhost included) is refused even
 * when its sender could know the whole request, as with a client that uses neither state nor PKCE.
 * A browser without Fetch Metadata still sends Origin: a page of another host or port is refused
 * by it. Our own page sends `Origin: null` (its Referrer-Policy is no-referrer), and the
 * scheme may differ behind a TLS tunnel, so the host and port are what is compared. Clients
 * that are not browsers send neither header.
 */
function fromAnotherSite(event: H3Event): boolean {
  const site = event.req.headers.get("sec-fetch-site");
  if (site === "same-site" || site === "cross-site") return true;
  const origin = event.req.headers.get("origin");
  return origin !== null && origin !== "null" && URL.parse(origin)?.host !== event.url.host;
}

function backToClient(result: { redirectUri: string; error: string; description: string; state?: string }): Response {
  return redirectTo(
    redirectWith(result.redirectUri, {
      error: result.error,
      error_description: result.description,
      state: result.state,
    }),
  );
}

/** 302 (never 307, which would repeat the POST); the code in the URL must not leak through Referer. */
function redirectTo(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });
}

function page(html: string, status: number, request?: AuthorizationRequest): Response {
  return new Response(html, { status, headers: pageHeaders(request?.redirectUri) });
}
