import { type H3Event, type Middleware, toResponse } from "h3";
import type { RequestLine } from "../../contracts/controls/fault.ts";
import { FAULT_TEXTS } from "../../contracts/controls/fault-errors.ts";
import type { Fault } from "../../contracts/controls/fault-schemas.ts";
import { CONTROLS_PREFIX } from "../../contracts/controls/prefix.ts";
import { fillText, SandboxError } from "../../errors.ts";
import { type StreamCut, streamCutOf } from "../../http/sse.ts";
import type { ServiceName } from "../../service-names.ts";
import { sleep, type Timers } from "../../timers.ts";
import { cuttable } from "./cuttable.ts";
import { ownAnswer, truncated } from "./fault-answer.ts";
import type { FaultRegistry } from "./registry.ts";

/**
 * The middleware that puts a server's faults in front of its routes. It acts on requests from
 * clients only: the storefront's agent routes call its protected routes in-process, and HEAD is
 * answered by an in-process GET, and those were matched already as the request the client sent.
 */
export function faultIntercept(
  registry: FaultRegistry,
  service: ServiceName,
  timers: Timers,
  /** What the answer says to remove the fault, in the words of whatever started the sandbox. */
  hint: (id: string) => string,
): Middleware {
  return (event, next) => {
    if (!event.runtime?.node || event.url.pathname.startsWith(CONTROLS_PREFIX)) return next();
    const request: RequestLine = {
      service,
      method: event.req.method === "HEAD" ? "GET" : event.req.method,
      path: event.url.pathname,
    };
    const fired = registry.take(request, "request");
    if (fired) return faulted(fired, event, { timers, hint }, () => answered(registry, request, next()));
    // Without a fault, no promise of its own: every request passes here.
    return answered(registry, request, next());
  };
}

/** A fault's delay, then its answer, or (without a status) the route's, cut short if the fault says so. */
async function faulted(
  fired: NonNullable<ReturnType<FaultRegistry["take"]>>,
  event: H3Event,
  { timers, hint }: { timers: Timers; hint: (id: string) => string },
  route: () => unknown,
): Promise<unknown> {
  // Or less, if the client goes away meanwhile.
  await sleep(timers, fired.rule.delayMs(), event.req.signal);
  // A client that went away while it waited (or a sandbox shutting down) gets nothing more done for it.
  if (event.req.signal.aborted) return new Response(null, { status: 499 });
  const { fault } = fired;
  if (fault.status !== undefined) {
    if (fault.body === undefined) throw injectedFault(fault, hint(fault.id));
    return ownAnswer({ ...fault, status: fault.status, body: fault.body });
  }
  if (fault.truncate === undefined) return route();
  // An error the route throws is answered as usual: the fault cuts what the route answers.
  return truncated(await toResponse(await route(), event), fault.truncate);
}

/** The route's answer, an event stream watched by the faults while it is open. */
function answered(registry: FaultRegistry, request: RequestLine, answer: unknown): unknown {
  if (answer instanceof Promise) return answer.then((value: unknown) => answered(registry, request, value));
  return isEventStream(answer) ? watchStream(registry, request, answer) : answer;
}

/**
 * Tracks an event stream while it is open, and cuts it right away when a fault that drops streams
 * fires on it. A live stream can be cut as it is, at once or once its first event went out; any
 * other stream passes through a pipe that can be, which costs every event of it a few promises.
 */
function watchStream(
  registry: FaultRegistry,
  request: RequestLine,
  answer: Response & { body: ReadableStream<Uint8Array> },
): Response {
  const firing = registry.take(request, "stream");
  // A piped stream answers with the pipe's end; a live one as it is.
  const stream: StreamCut & { response?: Response } = streamCutOf(answer) ?? cuttable(answer);
  void stream.ended.then(registry.track({ request, cut: stream.cut }));
  if (firing) stream.cutAfterOpen();
  return stream.response ?? answer;
}

function isEventStream(answer: unknown): answer is Response & { body: ReadableStream<Uint8Array> } {
  return (
    answer instanceof Response &&
    answer.body !== null &&
    (answer.headers.get("content-type") ?? "").startsWith("text/event-stream")
  );
}

/** The answer of a fault that fired without a body: the service's own error shape (RFC 6749's on the token endpoint), with the fault's status and headers. */
function injectedFault(fault: Fault, hint: string): SandboxError {
  const { code, text } = FAULT_TEXTS.injected;
  return new SandboxError(
    code,
    fillText(text, { id: fault.id, route: fault.route, service: fault.service, status: fault.status ?? "" }),
    {
      status: fault.status,
      expected: true,
      deliberate: true,
      details: { faultId: fault.id },
      headers: fault.headers,
      hint,
    },
  );
}
