import { randomBytes } from "node:crypto";
import { getCookie, type H3 } from "h3";
import { readForm } from "../../http/form-body.ts";
import { sameSecret } from "../../auth/secrets.ts";
import { findByCredentials } from "../../users.ts";
import { checkAuthorizationRequest, redirectWith, type AuthorizationRequest } from "./authorization-request.ts";
import { clientFinder, type OAuthDeps } from "./deps.ts";
import { errorPage, pageHeaders, signInPage } from "./page.ts";

const CSRF_COOKIE = "sandbox_oauth_csrf";

/**
 * GET shows the sign-in page for a valid request; POST is its form. The form carries the
 * request again (checked again, as anything from a browser) and an anti-CSRF token that must
 * equal the cookie set with the page (double submit): another site can post the form but can
 * neither read the token nor set the cookie.
 */
export function addAuthorizeRoutes(app: H3, deps: OAuthDeps): void {
  const findClient = clientFinder(deps.store);

  app.get("/oauth/authorize", (event) => {
    const result = checkAuthorizationRequest(event.url.searchParams, findClient);
    if (!result.ok) return "page" in result ? page(errorPage(result.page), 400) : backToClient(result);
    const csrf = getCookie(event, CSRF_COOKIE) || randomBytes(24).toString("base64url");
    return page(signInPage(result.request, { csrfToken: csrf }), 200, result.request, csrf);
  }, { meta: { description: "OAuth authorization: the sign-in page (HTML)" } });

  app.post("/oauth/authorize", async (event) => {
    const form = await readForm(event);
    if (!form) return page(errorPage("The sign-in form must be sent as application/x-www-form-urlencoded."), 415);
    const result = checkAuthorizationRequest(form, findClient);
    if (!result.ok) return "page" in result ? page(errorPage(result.page), 400) : backToClient(result);
    const cookie = getCookie(event, CSRF_COOKIE) ?? "";
    if (!sameSecret(form.get("csrf_token") ?? "", cookie)) {
      return page(errorPage("This sign-in form expired or was sent from another site. Go back to the application and start the sign-in again."), 403);
    }
    const email = form.get("email") ?? "";
    const user = findByCredentials(deps.store.data.users, email, form.get("password") ?? "");
    if (!user) return page(signInPage(result.request, { csrfToken: cookie, email, error: "Wrong email or password. Try again." }), 200, result.request, cookie);
    const { request } = result;
    const code = deps.codes.issue({
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      redirectUriGiven: request.redirectUriGiven,
      userId: user.id,
      scope: request.scope,
      codeChallenge: request.codeChallenge,
    });
    return redirectTo(redirectWith(request.redirectUri, { code, state: request.state }));
  }, { meta: { description: "OAuth authorization: the sign-in form; redirects back with a code" } });
}

function backToClient(result: { redirectUri: string; error: string; description: string; state?: string }): Response {
  return redirectTo(redirectWith(result.redirectUri, { error: result.error, error_description: result.description, state: result.state }));
}

/** 302 (never 307, which would repeat the POST); the code in the URL must not leak through Referer. */
function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

function page(html: string, status: number, request?: AuthorizationRequest, csrf?: string): Response {
  const headers = new Headers(pageHeaders(request?.redirectUri));
  if (csrf) headers.append("set-cookie", `${CSRF_COOKIE}=${csrf}; Path=/oauth; HttpOnly; SameSite=Strict`);
  return new Response(html, { status, headers });
}
