import { FAULT_TEXTS, invalidField as invalid } from "./fault-errors.ts";
import type { Fault } from "./fault-schemas.ts";

/** What a fault says besides its status: the body, its type, headers, and where the answer is cut. */
export type FaultAnswer = Pick<Fault, "body" | "contentType" | "headers" | "truncate">;

/** Enough for an error page or a JSON error; a fault is no file server. */
export const MAX_FAULT_BODY_BYTES = 64 * 1024;
const MAX_HEADERS = 32;
const MAX_HEADER_VALUE = 4096;
/** RFC 9110's token: the characters a header name may have. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value: visible characters, spaces and tabs (Latin-1 as Node sends it); never CR, LF or NUL. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** "text/html", "application/problem+json; charset=utf-8". */
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;[\t\x20-\x7e]*)?$/;
/** They describe the connection or the framing, which the server writes itself for the body it sends. */
const HOP_BY_HOP = new Set([
  "connection",
  "content-length",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
const JSON_BODY_TYPE = "application/json; charset=utf-8";
const TEXT_BODY_TYPE = "text/plain; charset=utf-8";

/**
 * Checks the fields of POST /__sandbox/faults that shape its answer. A body is a string (sent as
 * given) or any other JSON value (sent as JSON); body, contentType and headers need the status they
 * come with. `truncate` cuts the answer's body to that many bytes: the fault's own body, or, on a
 * fault without a status, the route's answer (which then really ran).
 */
export function parseFaultAnswer(body: Record<string, unknown>, status: number | undefined): FaultAnswer {
  const given = Object.hasOwn(body, "body") && body.body !== undefined;
  const text = given ? (typeof body.body === "string" ? body.body : JSON.stringify(body.body)) : undefined;
  if (text !== undefined && Buffer.byteLength(text) > MAX_FAULT_BODY_BYTES) {
    invalid("body", FAULT_TEXTS.bodyTooLarge, { bytes: String(Buffer.byteLength(text)) });
  }
  const typeGiven = field(body, "contentType");
  if (typeGiven !== undefined && (typeof typeGiven !== "string" || !MEDIA_TYPE.test(typeGiven))) {
    invalid("contentType", FAULT_TEXTS.contentType, { value: JSON.stringify(typeGiven) });
  }
  const headers = parseHeaders(field(body, "headers"));
  const truncate = field(body, "truncate");
  if (truncate !== undefined && !(typeof truncate === "number" && Number.isInteger(truncate) && truncate >= 0)) {
    invalid("truncate", FAULT_TEXTS.truncate, { value: JSON.stringify(truncate) });
  }
  const shaping = [given && "body", typeGiven !== undefined && "contentType", headers && "headers"].find(Boolean);
  if (shaping && status === undefined) invalid(shaping, FAULT_TEXTS.answerWithoutStatus, { field: shaping });
  if (typeGiven !== undefined && !given) invalid("contentType", FAULT_TEXTS.typeWithoutBody);
  if (truncate !== undefined && status !== undefined && !given) invalid("truncate", FAULT_TEXTS.truncateOwnError);
  const contentType =
    typeGiven ??
    (text === undefined ? undefined : typeof body.body !== "string" || isJson(text) ? JSON_BODY_TYPE : TEXT_BODY_TYPE);
  return {
    body: text,
    contentType: contentType as string | undefined,
    headers,
    truncate: truncate as number | undefined,
  };
}

/** `{"Retry-After": "30"}`: names as HTTP allows them, once each, string values without line breaks. */
function parseHeaders(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    invalid("headers", FAULT_TEXTS.headers, { value: JSON.stringify(value) });
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) invalid("headers", FAULT_TEXTS.tooManyHeaders, { max: String(MAX_HEADERS) });
  const seen = new Set<string>();
  for (const [name, text] of entries) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name) || seen.has(lower))
      invalid("headers", FAULT_TEXTS.headerName, { name: JSON.stringify(name) });
    seen.add(lower);
    if (HOP_BY_HOP.has(lower)) invalid("headers", FAULT_TEXTS.hopByHop, { name });
    if (lower === "content-type") invalid("headers", FAULT_TEXTS.contentTypeHeader);
    if (typeof text !== "string" || text.length > MAX_HEADER_VALUE || !HEADER_VALUE.test(text)) {
      invalid("headers", FAULT_TEXTS.headerValue, { name, value: JSON.stringify(text) });
    }
  }
  return entries.length === 0 ? undefined : (value as Record<string, string>);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function field(body: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(body, name) ? body[name] : undefined;
}
