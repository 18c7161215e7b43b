import type { H3, H3Event } from "h3";
import { findByCredentials } from "../../auth/credentials.ts";
import { AUTHORIZE_PATH } from "../../contracts/wallet/oauth.ts";
import { FORM_TOKEN_LIFETIME_MS } from "../../contracts/wallet/oauth-requests.ts";
import { SIGN_IN, SIGN_IN_PAGE } from "../../contracts/wallet/oauth-routes.ts";
import { readForm } from "../../http/form-body.ts";
import { type AuthorizationRequest, checkAuthorizationRequest, redirectWith } from "./authorization-request.ts";
import { clientFinder, type OAuthDeps } from "./deps.ts";
import { errorPage, pageHeaders, signInPage } from "./page.ts";

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
