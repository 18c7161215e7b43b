import { HTTPError } from "h3";

/** Every error code the services answer with, and its HTTP status (contract.md, "Errors"). */
export const STATUS = {
  validation_error: 400,
  bad_request: 400,
  missing_end_user: 400,
  invalid_credentials: 401,
  invalid_token: 401,
  token_expired: 401,
  invalid_service_token: 401,
  no_active_session: 401,
  user_mismatch: 403,
  not_found: 404,
  product_not_found: 404,
  transaction_not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  upstream_unavailable: 502,
  storage_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
  hint?: string;
}

export interface FailOptions {
  details?: unknown;
  hint?: string;
  headers?: Record<string, string>;
}

/** Throws the one error shape every route answers with: `{error, code, details?}`. */
export function fail(code: ErrorCode, message: string, options: FailOptions = {}): never {
  throw new HTTPError({
    status: STATUS[code],
    message,
    headers: options.headers,
    body: { error: message, code, details: options.details, hint: options.hint } satisfies ErrorBody,
  });
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(STATUS, value);
}
