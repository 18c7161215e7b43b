import { ISSUERS } from "../../auth/issuers.ts";
import { errorThrower, type Fail, type SandboxError } from "../../errors.ts";
import { JSON_TYPE } from "../../http/response-headers.ts";

/** RFC 6749 §5.2 error codes, and the status each answers with. */
export const OAUTH_ERRORS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export const failOAuth: Fail<typeof OAUTH_ERRORS> = errorThrower(OAUTH_ERRORS);

/** Token responses must not be cached (RFC 6749 §5.1). */
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache", "content-type": JSON_TYPE };

export function tokenResponse(body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: NO_STORE });
}

/**
 * The token endpoint's one exception to the sandbox's error shape: `{error, error_description}`.
 * Errors that are not OAuth's own (a body too large, a disk that refused the write) take the
 * nearest OAuth code: invalid_request for the client's, temporarily_unavailable for ours. A
 * wrong method keeps its 405 and Allow: HTTP's answer, in OAuth's shape.
 */
export function oauthErrorResponse(error: SandboxError): Response {
  const own = Object.hasOwn(OAUTH_ERRORS, error.code);
  const code = own ? error.code : error.status >= 500 ? "temporarily_unavailable" : "invalid_request";
  const status = own || error.status >= 500 || error.status === 405 ? error.status : 400;
  const headers: Record<string, string> = { ...error.headers, ...NO_STORE };
  if (code === "invalid_client") headers["www-authenticate"] = `Basic realm="${ISSUERS.wallet}", charset="UTF-8"`;
  return new Response(JSON.stringify({ error: code, error_description: error.message }), { status, headers });
}
