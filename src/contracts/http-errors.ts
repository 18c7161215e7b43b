import { errorTexts, errorThrower, type Fail } from "../errors.ts";

/** The codes any server answers with, whatever the service: bad requests, what h3 itself refuses, requests refused before any route (a Host it is not known by, a foreign Origin, headers sent too slowly), and an event stream past the server's share of connections. */
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
  too_many_streams: 503,
} as const;

export const fail: Fail<typeof HTTP_ERRORS> = errorThrower(HTTP_ERRORS);

/** What the generic codes say, word for word (the field texts are what a request's schema check answers). */
export const HTTP_TEXTS = errorTexts(HTTP_ERRORS, {
  notJsonType: ["unsupported_media_type", "Send the body as JSON with Content-Type: application/json"],
  notJson: ["validation_error", "The body is not valid JSON: {reason}"],
  notObject: ["validation_error", "The body must be a JSON object"],
  bodyTooLarge: ["payload_too_large", "The request body is over {size}"],
  bodyCut: ["bad_request", "The request body could not be read completely (the connection closed early)"],
  nonBlankField: ["validation_error", '"{field}" is required and must be a non-empty string'],
  integerField: ["validation_error", '"{field}" must be an integer from {minimum} to {maximum}'],
  choiceField: ["validation_error", '"{field}" must be one of {allowed}'],
  choiceFieldWithDefault: ["validation_error", '"{field}" must be one of {allowed} (default {default})'],
  stringFieldMissing: ["validation_error", '"{field}" is required and must be a string'],
  stringField: ["validation_error", '"{field}" must be a string; got {kind}'],
  repeatedQuery: ["validation_error", '"{field}" is given {count} times; give it once'],
  queryChoice: ["validation_error", '"{field}" must be one of {allowed}; got "{value}"'],
  notADate: [
    "validation_error",
    '"{field}" must be an ISO 8601 date (2026-11-01) or date-time (2026-11-01T09:30:00Z); got "{value}"',
  ],
  noRoute: ["not_found", "No route for {method} {path}"],
  methodNotAllowed: ["method_not_allowed", "{method} is not allowed on {path}; use {allow}"],
  internal: ["internal_error", "Internal error: see the sandbox log"],
  noHost: ["bad_request", "An HTTP/1.1 request must name the server it is for in a Host header"],
  badTarget: [
    "bad_request",
    'The request target {target} is none this server answers: a path ("/…"), an http:// or https:// URL with a host, or "*" for OPTIONS',
  ],
  noConnect: ["bad_request", "CONNECT is not served: this server is no proxy"],
  tooManyStreams: [
    "too_many_streams",
    "This server already holds {max} event streams, its most (4 in 5 of --max-connections {maxConnections}; the rest stay free for other requests). Close a stream you no longer use and retry after {seconds} s, or start the sandbox with a higher --max-connections.",
  ],
  unknownHost: [
    "unknown_host",
    'Refused the Host "{host}": this server answers only to localhost, 127.0.0.1, [::1], its own addresses and the names given with --allowed-hosts.',
  ],
  foreignPage: [
    "forbidden_origin",
    'Refused a request from a page at "{origin}": this route answers only pages of the server\'s own names (localhost, 127.0.0.1, [::1], its addresses and --allowed-hosts).',
  ],
});

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
