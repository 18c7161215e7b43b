import { createHash } from "node:crypto";
import { AUTHORIZE_PATH } from "../../contracts/wallet/oauth.ts";
import { AUTHORIZATION_PARAMS } from "../../contracts/wallet/oauth-requests.ts";
import { SCOPES } from "../../contracts/wallet/scopes.ts";
import type { AuthorizationRequest } from "./authorization-request.ts";

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(24rem, 100% - 2rem); padding: 2rem; border: 1px solid GrayText; border-radius: 0.75rem; }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  p { line-height: 1.5; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; margin-top: 0.35rem; padding: 0.65rem; font: inherit; border: 1px solid GrayText; border-radius: 0.4rem; }
  input:focus-visible, button:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.75rem; font: inherit; font-weight: 600; border: 0; border-radius: 0.4rem; background: #1d4ed8; color: #fff; cursor: pointer; }
  .error { padding: 0.75rem; border-radius: 0.4rem; background: #fee2e2; color: #7f1d1d; }
  .scopes { padding-left: 1.2rem; }
  .note { font-size: 0.85rem; opacity: 0.8; }
`;

/** The CSP names the one inline style by its hash: the page loads nothing, runs no script and cannot be framed. */
const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

/** Headers of every authorization page; form-action also allows the client's redirect target (browsers check it on the redirect). */
export function pageHeaders(redirectUri?: string): Record<string, string> {
  const redirectTarget = redirectUri ? ` ${formActionSource(redirectUri)}` : "";
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'${redirectTarget}; frame-ancestors 'none'; base-uri 'none'`,
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  };
}

function formActionSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The sign-in page: who asks, for what, and the form. Works without JavaScript. */
export function signInPage(
  request: AuthorizationRequest,
  options: { csrfToken: string; email?: string; error?: string },
): string {
  const hidden = AUTHORIZATION_PARAMS.map((name) => {
    const value = requestParam(request, name);
    return value === undefined ? "" : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  }).join("\n");
  const scopes = request.scope
    .split(" ")
    .map((scope) => `<li>${escapeHtml(SCOPES[scope] ?? scope)} <span class="note">(${escapeHtml(scope)})</span></li>`)
    .join("");
  return layout(
    `Sign in to the wallet — ${request.client.name}`,
    `
<h1>Sign in to your wallet</h1>
<p><strong>${escapeHtml(request.client.name)}</strong> asks to:</p>
<ul class="scopes">${scopes}</ul>
${options.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.error)}</p>` : ""}
<form method="post" action="${AUTHORIZE_PATH}"${options.error ? ' aria-describedby="form-error"' : ""}>
${hidden}
<input type="hidden" name="csrf_token" value="${escapeHtml(options.csrfToken)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? "")}"${options.error ? "" : " autofocus"}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.error ? " autofocus" : ""}>
<button type="submit">Sign in and allow</button>
</form>
<p class="note">After you sign in you go back to ${escapeHtml(new URL(request.redirectUri).host || request.redirectUri)}. To refuse, close this page.</p>`,
  );
}

/** A request that cannot be sent back to the client: explained here, with no redirect. */
export function errorPage(message: string): string {
  return layout(
    "Sign-in request refused",
    `
<h1>This sign-in request cannot be used</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="note">Nothing was sent back to the application. Check its OAuth settings (client id and redirect URI) and start again.</p>`,
  );
}

function requestParam(request: AuthorizationRequest, name: (typeof AUTHORIZATION_PARAMS)[number]): string | undefined {
  switch (name) {
    case "response_type":
      return "code";
    case "client_id":
      return request.client.id;
    case "redirect_uri":
      return request.redirectUriGiven ? request.redirectUri : undefined;
    case "scope":
      return request.scope;
    case "state":
      return request.state;
    case "code_challenge":
      return request.codeChallenge;
    case "code_challenge_method":
      return request.codeChallenge ? "S256" : undefined;
  }
}
