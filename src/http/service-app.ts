import { STATUS_CODES } from "node:http";
import { H3, HTTPError, handleCors, type H3Event } from "h3";
import { StoreUnavailableError } from "../store/errors.ts";
import { STATUS, fail, isErrorCode, type ErrorBody, type ErrorCode } from "./errors.ts";

export interface ServiceAppOptions {
  /** Called with every 5xx (a bug, or a disk that refused a write): logged, never shown to the client. */
  onServerError?: (error: unknown, event: H3Event) => void;
}

/**
 * An h3 app whose every error, thrown by a route or by h3 itself (unknown route, bad URL,
 * body too large), leaves as the one JSON error shape, and which answers CORS for any origin
 * so that a web app on another local port can call the sandbox.
 */
export function createServiceApp(options: ServiceAppOptions = {}): H3 {
  const app = new H3({
    silent: true, // 5xx errors are reported through onServerError, without the request's secrets
    onError: (error, event) => errorResponse(error, event, options),
  });
  app.use(async (event) => {
    // The sandbox controls are for local tools, not web pages: no CORS, so no other site can call them from a browser.
    if (!event.url.pathname.startsWith("/__sandbox/")) {
      const preflight = handleCors(event, CORS);
      if (preflight !== false) return preflight;
    }
    // HEAD is GET without the body (health checkers use it); h3 routes it nowhere by itself.
    if (event.req.method === "HEAD") {
      const response = await app.fetch(new Request(event.req.url, { method: "GET", headers: event.req.headers }));
      await response.body?.cancel();
      return new Response(null, { status: response.status, headers: response.headers });
    }
  });
  return app;
}

/** Registered last: whatever no route matched is a JSON 404 in the error shape. */
export function addNotFoundRoute(app: H3): void {
  app.all("/**", (event) => fail("not_found", `No route for ${event.req.method} ${event.url.pathname}`));
}

const CORS = {
  origin: "*" as const,
  methods: "*" as const,
  allowHeaders: "*" as const,
  exposeHeaders: "*" as const,
  maxAge: "600",
};

function errorResponse(error: HTTPError, event: H3Event, options: ServiceAppOptions): Response {
  const body = toErrorBody(error);
  // h3 wraps what a route throws as "unhandled" with the original as cause; our own errors come as they are.
  if (STATUS[body.code] >= 500) options.onServerError?.(error.unhandled ? error.cause : error, event);
  const headers = new Headers(error.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!event.url.pathname.startsWith("/__sandbox/")) headers.set("access-control-allow-origin", "*");
  const status = STATUS[body.code];
  return new Response(JSON.stringify(body), { status, statusText: STATUS_CODES[status], headers });
}

/** Our own errors carry their body; h3's (404, 405, 413, bad URL) are mapped by status. */
function toErrorBody(error: HTTPError): ErrorBody {
  const own = error.body;
  if (own && isErrorCode(own.code)) return own as unknown as ErrorBody;
  if (error.cause instanceof StoreUnavailableError) {
    const reason = (error.cause.cause as NodeJS.ErrnoException)?.code ?? "write error";
    return {
      error: `The change was not saved: the data dir refused the write (${reason}). Check its free space and permissions; reads keep working.`,
      code: "storage_unavailable",
    };
  }
  const code = codeForStatus(error.status);
  const message = code === "internal_error" ? "Internal error: see the sandbox log" : error.message;
  return { error: message, code };
}

function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
  };
  return byStatus[status] ?? "internal_error";
}
