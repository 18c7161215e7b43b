import { createHash } from "node:crypto";
import { type H3Event, HTTPResponse } from "h3";
import { unchangingBytes } from "./body-tap.ts";
import { matchesEtag } from "./etag.ts";
import { JSON_TYPE } from "./response-headers.ts";

/**
 * A JSON answer serialised once, to be sent many times, with its strong ETag: a hash of its
 * bytes, so equal bytes have equal tags. Kept as bytes: a text with a character beyond Latin-1
 * (the catalog's ₦) would be measured and encoded again on every send.
 */
export interface SerialisedJson {
  readonly body: Buffer;
  readonly etag: string;
  /** The headers of the 200 and of the 304, made once with the answer (each response gets a copy: copying Headers costs less than making them). */
  readonly headers: { readonly ok: Headers; readonly notModified: Headers };
}

export function serialiseJson(value: unknown): SerialisedJson {
  const body = unchangingBytes(Buffer.from(JSON.stringify(value)));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  // A 304 may carry Content-Length only as the 200's would be (RFC 9110, 8.6).
  const notModified = {
    etag,
    "cache-control": "private, no-cache",
    "content-length": String(body.length),
    "x-content-type-options": "nosniff",
  };
  return {
    body,
    etag,
    headers: { ok: new Headers({ ...notModified, "content-type": JSON_TYPE }), notModified: new Headers(notModified) },
  };
}

/**
 * Answers the serialised JSON with its ETag, or 304 Not Modified without a body when the
 * request's If-None-Match names that tag. `private, no-cache`: a client may keep the answer but
 * asks again each time (it is the user's, behind a bearer token), and a 304 spares the body.
 * An HTTPResponse: h3 sends its bytes as they are (a Response's body it would stream).
 */
export function sendSerialised(event: H3Event, answer: SerialisedJson): HTTPResponse {
  if (matchesEtag(event.req.headers.get("if-none-match"), answer.etag))
    return new HTTPResponse(null, { status: 304, headers: answer.headers.notModified });
  return new HTTPResponse(answer.body, { headers: answer.headers.ok });
}
