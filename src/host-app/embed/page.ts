/**
 * What every HTML answer of the embed carries: a CSP that allows only the sandbox's own script,
 * stylesheet and requests (no inline script or style) and framing by the host app's own pages,
 * nosniff, no Referer (the embed URL holds the identity token), and no caching (a page holds a
 * fresh token).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-src 'self'; frame-ancestors 'self'";

export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

/** An HTML page with the headers above. */
export function htmlResponse(html: string, status = 200): Response {
  return new Response(html, { status, headers: PAGE_HEADERS });
}
