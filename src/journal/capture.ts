import { bearerOf } from "../auth/bearer.ts";
import { sameSecret } from "../auth/secrets.ts";
import type { Clock } from "../clock.ts";
import { flatHeaders, headerOf } from "../http/flat-headers.ts";
import { bodyTextRead } from "../http/json-body.ts";
import type { Exchange } from "../http/service-app.ts";
import { jose } from "../jose.ts";
import type { ServiceName } from "../service-names.ts";
import type { Captured, Journal } from "./journal.ts";
import type { CapturedBody } from "./window.ts";

/** How much of each body the journal keeps. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * What a server shows the journal of each request it answered (but those under `leaveOut`, the
 * controls' own prefix, which the runtime gives). It holds
 * nothing back and reads nothing twice: the request's body is the one its route read, the
 * answer's the first BODY_LIMIT_BYTES as they are sent; an event stream's body is not kept.
 * Who sent it is worked out only when someone looks (see identify).
 */
export function journalObserver(
  service: ServiceName,
  deps: { journal: Journal; clock: Clock; leaveOut: string },
): (exchange: Exchange) => void {
  return (exchange) => {
    const { event, requestHeaders, response, durationMs } = exchange;
    const { pathname, search } = event.url;
    if (pathname.startsWith(deps.leaveOut)) return;
    const requestBody = bodyTextRead(event);
    const captured: Captured = {
      at: deps.clock.nowMs() - durationMs,
      service,
      method: event.req.method,
      path: pathname,
      query: search.slice(1),
      status: response.status,
      durationMs: Math.round(durationMs * 100) / 100,
      request: { headers: requestHeaders, body: requestBody ? textBody(requestBody) : undefined },
      response: { headers: [] },
    };
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      captured.response.headers = flatHeaders(response.headers);
      return deps.journal.record(captured);
    }
    const complete = deps.journal.recordAwaitingBody(captured);
    const tapped = exchange.sentBody(BODY_LIMIT_BYTES, (body, headers) =>
      complete(headers, body.data.length > 0 ? body : undefined),
    );
    if (!tapped) complete(flatHeaders(response.headers), undefined);
  };
}

/** Who sent a request: the agent (its service token, compared in constant time) and the end user it names, else the user its bearer token names. */
export function identify({ request, query }: Captured, serviceToken: string): { user?: string; agent: boolean } {
  const token = bearerOf(headerOf(request.headers, "authorization"));
  const agent = token !== null && sameSecret(token, serviceToken);
  const user =
    headerOf(request.headers, "x-end-user-id")?.trim() ||
    subject(agent ? null : (token ?? new URLSearchParams(query).get("access_token")));
  return { ...(user && { user }), agent };
}

/** The subject of a JWT, read without checking its signature (it only names the user in the journal); none for anything else. */
function subject(token: string | null): string | undefined {
  if (!token) return undefined;
  try {
    const { sub } = jose().decodeJwt(token);
    return typeof sub === "string" ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** The text a route read, cut to the limit. */
function textBody(text: string): CapturedBody {
  if (Buffer.byteLength(text) <= BODY_LIMIT_BYTES) return { data: text, truncated: false };
  // No character takes less than a byte: the limit's worth of characters holds at least the limit's worth of bytes.
  return { data: Buffer.from(text.slice(0, BODY_LIMIT_BYTES)).subarray(0, BODY_LIMIT_BYTES), truncated: true };
}
