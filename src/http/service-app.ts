import { STATUS_CODES } from "node:http";
import { H3, type H3Event, type HTTPError, handleCors, isPreflightRequest, type Middleware } from "h3";
import { codeForStatus, HTTP_TEXTS } from "../contracts/http-errors.ts";
import { HEALTH, HEALTH_PATH } from "../contracts/service-routes.ts";
import { type ErrorCodes, errorOf, failWith, SandboxError, statusOf } from "../errors.ts";
import { createHostCheck, type HostPolicy } from "./allowed-hosts.ts";
import { type SentBody, TappableResponse } from "./body-tap.ts";
import { type FlatHeaders, flatHeaders } from "./flat-headers.ts";
import { targetParts } from "./request-line.ts";
import { finishHeaders, JSON_TYPE } from "./response-headers.ts";
import { allowedMethods } from "./route-table.ts";
import { addIndexRoute, type ServiceIndex } from "./service-index.ts";

export interface ServiceAppOptions {
  /** Called with every 5xx (a bug, or a disk that refused a write): logged, never shown to the client. */
  onServerError?: (error: unknown, event: H3Event) => void;
  /** The names the server answers to (others get 421, so that no web page reaches it by DNS rebinding); without it, any. */
  hosts?: HostPolicy;
  /** Paths under this prefix get no CORS headers, so that no web page reads their answers (the sandbox controls, whose own guard decides who may call them). */
  privatePrefix?: string;
  /** Every code the service answers with (HTTP_ERRORS and its own): an error with another code is reported as a bug. */
  errorCodes?: ErrorCodes;
  /** A route whose errors take another shape (the OAuth endpoints' RFC 6749 body) answers them here; undefined keeps the usual one. */
  formatError?: (error: SandboxError, event: H3Event) => Response | undefined;
  /** What GET / says about the server; without it, / is a path like any other. */
  index?: ServiceIndex;
  /** Adds the routes that describe the app (its OpenAPI document and API reference): given by the composition root, which knows src/openapi/. */
  describe?: (app: H3) => void;
  /** Run in order on every request once the Host check and CORS let it through, before HEAD and the routes (the sandbox's faults). */
  middleware?: readonly Middleware[];
  /** Shown every request that came over the network, once its answer is ready (the request journal watches this way). */
  observe?: (exchange: Exchange) => void;
}

/** A request and its answer, as an observer of the app sees them. */
export interface Exchange {
  event: H3Event;
  /** The request's headers as the client sent them (Node's rawHeaders: names as written, a repeated one as often as it came). */
  requestHeaders: FlatHeaders;
  /** The answer, about to be sent (its body is the client's: see sentBody). */
  response: Response;
  /** From the request's arrival to its answer being ready (for an event stream: until it opened). */
  durationMs: number;
  /**
   * Asked at once: `done` gets the first `limit` bytes of the body as it is sent, once they are
   * known, and the headers it went with (the Response's, if the client left before any were sent);
   * false from a server that cannot tell (not one of serve()'s).
   */
  sentBody(limit: number, done: (body: SentBody, headers: FlatHeaders) => void): boolean;
}

/**
 * An h3 app whose every error, thrown by a route (a SandboxError) or by h3 itself (unknown
 * route, bad URL, body too large), leaves as the one JSON error shape, which answers only to
 * the host names it is known by, and which answers CORS for any origin so that a web app on
 * another local port can call the sandbox. It has /health, and, when given the service's index,
 * / and what `describe` adds (the OpenAPI document and /docs).
 */
export function createServiceApp(options: ServiceAppOptions = {}): H3 {
  const isPrivate = (event: H3Event) =>
    Boolean(options.privatePrefix && event.url.pathname.startsWith(options.privatePrefix));
  const cors = (event: H3Event) => !isPrivate(event);
  const hostCheck = options.hosts && createHostCheck(options.hosts);
  const observe = options.observe && observer(options.observe, options.onServerError);
  const app = new H3({
    silent: true, // 5xx errors are reported through onServerError, without the request's secrets
    onError: (error, event) => errorResponse(error, event, options, cors(event)),
    onRequest: observe?.onRequest,
    onResponse: (response, event) => {
      finishHeaders(response, event.context[CORS_ANSWER] === true);
      observe?.onResponse(response, event);
    },
  });
  app.use((event) => {
    // Before anything else, so that no route (the OAuth metadata, say) builds a URL from a name the server does not answer to.
    const refused = hostCheck?.refusal(requestNames(event));
    if (refused) return jsonError(refused, false);
    if (cors(event)) {
      // h3 answers a preflight; any other answer gets its two CORS headers once it is made (finishHeaders):
      // h3's handleCors would set them on two Headers objects of every request, to be merged into the answer.
      if (isPreflightRequest(event)) return handleCors(event, CORS);
      event.context[CORS_ANSWER] = true;
    }
  });
  for (const middleware of options.middleware ?? []) app.use(middleware);
  // HEAD is GET without the body (health checkers use it); h3 routes it nowhere by itself. Other
  // methods pass on at once: an async middleware would cost every request a promise.
  app.use((event) => (event.req.method === "HEAD" ? answerHead(app, event) : undefined));
  if (options.index) {
    addIndexRoute(app, options.index);
    options.describe?.(app);
  }
  app.get(HEALTH_PATH, () => ({ status: "ok" }), { meta: HEALTH });
  return app;
}

async function answerHead(app: H3, event: H3Event): Promise<Response> {
  const response = await app.fetch(new Request(event.req.url, { method: "GET", headers: event.req.headers }));
  await response.body?.cancel();
  return new Response(null, { status: response.status, headers: response.headers });
}

/**
 * The names a request reached the server by: its Host header and, when the request line names a
 * host itself (absolute form), the target's as written (srvx's URL calls a host its pattern
 * refuses "_invalid_"); a request made in-process names it in its URL. An origin-form target
 * ("/path") has no host of its own, and is not parsed.
 */
function requestNames(event: H3Event): (string | null | undefined)[] {
  const host = event.req.headers.get("host");
  const target = event.runtime?.node?.req.url;
  if (target === undefined) return [host, event.url.host];
  return target.startsWith("/") ? [host] : [host, targetParts(target).host];
}

/**
 * Registered last: a path no route has is a JSON 404 in the error shape; a path that has routes
 * for other methods is a 405 naming them in Allow, and a plain OPTIONS (not a CORS preflight) a 204 with Allow.
 */
export function addNotFoundRoute(app: H3): void {
  app.all("/**", (event) => {
    const { method } = event.req;
    const { pathname } = event.url;
    const allow = allowedMethods(app, event.url).join(", ");
    if (!allow) failWith(HTTP_TEXTS.noRoute, { values: { method, path: pathname } });
    if (method === "OPTIONS") return new Response(null, { status: 204, headers: { allow } });
    return failWith(HTTP_TEXTS.methodNotAllowed, { values: { method, path: pathname, allow }, headers: { allow } });
  });
}

/** Marks a request whose answer gets the CORS headers: its Host was accepted, and it is not under the private prefix. */
const CORS_ANSWER = "corsAnswer";

/** Where the arrival time of a request waits for its answer (a property: a WeakMap costs the GC more, on every request). */
const ARRIVED_AT = "observedArrivalMs";

/**
 * Times each request and shows it to `observe` with its answer. Only requests that came over the
 * network: one the app sends itself in-process (an agent route's forward, HEAD's GET) is part of
 * the request that caused it. A failing observer is reported, and the answer leaves all the same.
 */
function observer(observe: (exchange: Exchange) => void, onServerError: ServiceAppOptions["onServerError"]) {
  return {
    onRequest: (event: H3Event) => {
      event.context[ARRIVED_AT] = performance.now();
    },
    onResponse: (response: Response, event: H3Event) => {
      const node = event.runtime?.node;
      if (!node) return;
      const arrived = event.context[ARRIVED_AT];
      try {
        observe(new NodeExchange(event, response, typeof arrived === "number" ? performance.now() - arrived : 0, node));
      } catch (error) {
        onServerError?.(error, event);
      }
    },
  };
}

/** A class, so that no function is made per request: tsx names each one it makes with Object.defineProperty, at a cost each request would pay. */
class NodeExchange implements Exchange {
  readonly requestHeaders: FlatHeaders;

  constructor(
    readonly event: H3Event,
    readonly response: Response,
    readonly durationMs: number,
    private readonly node: { req: { rawHeaders: string[] }; res?: unknown },
  ) {
    this.requestHeaders = node.req.rawHeaders;
  }

  sentBody(limit: number, done: (body: SentBody, headers: FlatHeaders) => void): boolean {
    const { res } = this.node;
    if (!(res instanceof TappableResponse)) return false;
    res.tapBody(limit, (body, head) => done(body, head ?? flatHeaders(this.response.headers)));
    return true;
  }
}

const CORS = {
  origin: "*" as const,
  methods: "*" as const,
  allowHeaders: "*" as const,
  exposeHeaders: "*" as const,
  maxAge: "600",
};

function errorResponse(error: HTTPError, event: H3Event, options: ServiceAppOptions, cors: boolean): Response {
  const sandboxError = toSandboxError(error);
  // h3 wraps what a route throws as "unhandled" with the original as cause; ours are reported by their message, bugs with their stack.
  if (statusOf(sandboxError) >= 500 && !sandboxError.deliberate)
    options.onServerError?.(
      error.cause instanceof SandboxError || !error.unhandled ? sandboxError : error.cause,
      event,
    );
  if (options.errorCodes && !Object.hasOwn(options.errorCodes, sandboxError.code)) {
    options.onServerError?.(
      new Error(`The error code "${sandboxError.code}" is not among the service's registered codes`),
      event,
    );
  }
  return options.formatError?.(sandboxError, event) ?? jsonError(sandboxError, cors);
}

function jsonError(error: SandboxError, cors: boolean): Response {
  const headers = new Headers(error.headers);
  headers.set("content-type", JSON_TYPE);
  if (cors) headers.set("access-control-allow-origin", "*");
  const status = statusOf(error);
  return new Response(JSON.stringify(error.toBody()), { status, statusText: STATUS_CODES[status], headers });
}

/** Our own errors come as the cause of h3's wrapper; h3's own (404, 405, 413, a bad URL) are named by their status; anything else is a bug. */
function toSandboxError(error: HTTPError): SandboxError {
  if (error.cause instanceof SandboxError) return error.cause;
  const code = error.unhandled ? "internal_error" : codeForStatus(error.status);
  if (code === "internal_error") return errorOf(HTTP_TEXTS.internal);
  return new SandboxError(code, error.message, {
    status: error.status,
    headers: error.headers ? Object.fromEntries(error.headers) : undefined,
  });
}
