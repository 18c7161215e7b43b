import { errorThrower, type Fail } from "../errors.ts";

/** The codes any server answers with, whatever the service: bad requests, what h3 itself refuses, and requests refused before any route (a Host it is not known by, a foreign Origin, headers sent too slowly). */
export const HTTP_ERRORS = {
  validation_error: 400,
  bad_request: 400,
  forbidden_origin: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unknown_host: 421,
  request_header_fields_too_large: 431,
  internal_error: 500,
} as const;

export const fail: Fail<typeof HTTP_ERRORS> = errorThrower(HTTP_ERRORS);

/** The code of an error h3 raised itself (no route, body too large, a malformed URL), by its status. */
export function codeForStatus(status: number): keyof typeof HTTP_ERRORS {
  const byStatus: Record<number, keyof typeof HTTP_ERRORS> = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
  };
  return byStatus[status] ?? "internal_error";
}
