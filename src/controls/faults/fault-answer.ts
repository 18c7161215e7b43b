import { STATUS_CODES } from "node:http";
import type { Fault } from "../../contracts/controls/fault-schemas.ts";

/** The answer of a fault with a body of its own: its status, headers and body, cut at `truncate` bytes if it says so. */
export function ownAnswer(fault: Fault & { status: number; body: string }): Response {
  const headers = new Headers(fault.headers);
  if (fault.contentType) headers.set("content-type", fault.contentType);
  const bytes = Buffer.from(fault.body);
  // Cut as bytes, as a connection would: a character of several bytes may be cut in two.
  return new Response(fault.truncate === undefined ? bytes : bytes.subarray(0, fault.truncate), {
    status: fault.status,
    statusText: STATUS_CODES[fault.status],
    headers,
  });
}

/**
 * The route's answer with its body cut to its first `bytes` bytes. The answer ends cleanly there,
 * as one whose Content-Length said so: the client gets a short body (JSON that does not parse),
 * not a network error. The rest of the route's body is never read (an event stream is let go).
 */
export function truncated(response: Response, bytes: number): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const init = { status: response.status, statusText: response.statusText, headers };
  if (!response.body) return new Response(null, init);
  let left = bytes;
  const cut = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      if (left === 0) controller.terminate();
    },
    transform(chunk, controller) {
      controller.enqueue(chunk.subarray(0, left));
      left -= Math.min(left, chunk.byteLength);
      // Terminating errors the writable side: the pipe then cancels the route's body.
      if (left === 0) controller.terminate();
    },
  });
  return new Response(response.body.pipeThrough(cut), init);
}
