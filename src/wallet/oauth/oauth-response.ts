import { OAUTH_ERROR_SHAPE } from "../../contracts/wallet/oauth-errors.ts";
import { type SandboxError, statusOf } from "../../errors.ts";
import { JSON_TYPE } from "../../http/response-headers.ts";
import { ISSUERS } from "../../jwt-issuers.ts";

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
  const { status, body } = OAUTH_ERROR_SHAPE.answer({
    code: error.code,
    status: statusOf(error),
    message: error.message,
  });
  const headers: Record<string, string> = { ...error.headers, ...NO_STORE };
  if (body.error === "invalid_client") headers["www-authenticate"] = `Basic realm="${ISSUERS.wallet}", charset="UTF-8"`;
  return new Response(JSON.stringify(body), { status, headers });
}
