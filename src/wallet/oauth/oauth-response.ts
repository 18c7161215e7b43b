/** RFC 6749 §5.2 error codes, and the status each answers with. */
const STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
} as const;

export type OAuthErrorCode = keyof typeof STATUS;

/** Token responses must not be cached (RFC 6749 §5.1). */
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache", "content-type": "application/json; charset=utf-8" };

export function tokenResponse(body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: NO_STORE });
}

/** The OAuth endpoints' one exception to the sandbox's error shape: `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }

  toResponse(): Response {
    const headers: Record<string, string> = { ...NO_STORE };
    if (this.code === "invalid_client") headers["www-authenticate"] = 'Basic realm="sandbox-wallet", charset="UTF-8"';
    return new Response(JSON.stringify({ error: this.code, error_description: this.description }), { status: STATUS[this.code], headers });
  }
}
