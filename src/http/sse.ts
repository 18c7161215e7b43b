import type { Socket } from "node:net";
import type { Clock } from "../clock.ts";
import type { Timer } from "../timers.ts";

export interface SseEvent {
  event: string;
  id: string;
  data: unknown;
}

export interface LiveStreamOptions {
  /**
   * The event the stream opens with (the current state), in one block with `retry:`: a block of
   * `retry:` alone reads as an empty message to some clients (Python's httpx-sse).
   */
  first: SseEvent;
  /** The sandbox's time, for the end of the stream; its timers run the heartbeat and the end. */
  clock: Clock;
  /**
   * Interval of the `: ping` comment line that keeps proxies and clients from timing out. It ends
   * no block (no blank line after it): once an `id:` was seen, some clients (httpx-sse) read any
   * blank line as a message, so it rides along in front of the next event instead.
   */
  heartbeatMs: number;
  /** Sent once, with the first event: how long a client waits before reconnecting. */
  retryMs?: number;
  /** When (epoch ms) the stream ends: the expiry of the token that opened it. */
  closeAt?: number;
  /** A client that lets this many bytes pile up unread is dropped instead of buffered further. */
  maxBufferedBytes?: number;
  /** Holds the stream while it is open, so that a shutdown can end every stream. */
  registry?: Set<LiveStream>;
  /**
   * Node's response, when a client reached the server over the network (`event.runtime.node.res`).
   * Once the server has sent the head and everything queued, events are written to it directly.
   * It buys the cart fan-out's latency (p99 ≤ 1.1× the bare broadcast): through the web stream
   * alone, each event on each stream costs a few promises, and the 1,000 streams of the bench took
   * ~25% more CPU and a delivery p50 of ~2× the bare broadcast's instead of ~1.4×
   * (docs/performance.md, "What stays for which figure").
   */
  node?: NodeResponse;
}

/** What a live stream needs of Node's response to write to it directly, and to see its client leave. */
export interface NodeResponse {
  readonly headersSent: boolean;
  readonly writableLength: number;
  write(chunk: Uint8Array): boolean;
  readonly socket?: Socket | null;
}

/** An event in its wire bytes: made once, to be sent on many streams (a change every open stream of a user hears). */
export interface EncodedEvent {
  readonly bytes: Uint8Array;
}

export interface LiveStream {
  readonly response: Response;
  /** Queues an event; false when the stream is closed or the client was dropped for being slow. */
  send(event: SseEvent | EncodedEvent): boolean;
  close(): void;
  /** Runs once when the stream ends for any reason: the client left, close(), expiry, a slow client. */
  onClose(cleanup: () => void): void;
}

/** No Connection header: HTTP/1.1 keeps the connection by default, and a client that asks for close must get it. */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

const encoder = new TextEncoder();
const PING = encoder.encode(": ping\n");

/** One event in the wire format: `retry:` when given, `id:`, `event:` and one `data:` line per line of JSON. */
export function formatEvent({ event, id, data }: SseEvent, retryMs?: number): string {
  const lines = JSON.stringify(data)
    .split("\n")
    .map((line) => `data: ${line}`);
  const retry = retryMs === undefined ? "" : `retry: ${retryMs}\n`;
  return `${retry}id: ${id}\nevent: ${event}\n${lines.join("\n")}\n\n`;
}

export function encodeEvent(event: SseEvent): EncodedEvent {
  return { bytes: encoder.encode(formatEvent(event)) };
}

/** How a live stream is cut from outside, as a network failure would cut it (the sandbox's faults do), and when it ends. */
export interface StreamCut {
  cut(): void;
  /** Cuts once the opening event went out. */
  cutAfterOpen(): void;
  ended: Promise<void>;
}

const cuts = new WeakMap<Response, StreamCut>();

/** The cut of a live stream's answer; undefined for any other value a route returns. */
export function streamCutOf(answer: unknown): StreamCut | undefined {
  return answer instanceof Response ? cuts.get(answer) : undefined;
}

/** A finished stream of the given events (the event-stream answer of a single request). */
export function eventsResponse(events: SseEvent[]): Response {
  return new Response(events.map(formatEvent).join(""), { headers: SSE_HEADERS });
}

/**
 * A long-lived server-sent event stream. It is a ReadableStream that the server pulls from only
 * as fast as the socket drains, so the bytes it holds for a client are counted: past the limit
 * the client is dropped (it reconnects and gets a fresh snapshot) rather than buffered without end.
 * With Node's response at hand, events skip the web stream once it has nothing queued (see
 * `node`); the web stream then only carries the end (close, or an error that cuts the connection).
 */
export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const maxBuffered = options.maxBufferedBytes ?? 256 * 1024;
  const cleanups: (() => void)[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  let direct: NodeResponse | undefined;
  /** The reader has taken the opening event: it asked for more. */
  let opened = false;
  let cutOnOpen = false;

  const finish = () => {
    if (!open) return;
    open = false;
    options.registry?.delete(stream);
    for (const cleanup of cleanups.splice(0)) cleanup();
  };

  const write = (bytes: Uint8Array): boolean => {
    if (!open) return false;
    if (direct) direct.write(bytes);
    else controller.enqueue(bytes);
    const buffered = direct ? direct.writableLength : -(controller.desiredSize ?? 0);
    if (buffered > maxBuffered) {
      controller.error(new Error("slow client dropped"));
      finish();
      return false;
    }
    return true;
  };

  // A high-water mark of 0 makes pull() mean "the reader waits, and has everything queued before":
  // the server reads again only once it has written what it read.
  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      pull() {
        opened = true;
        // After this turn, so that the server writes the opening event out before the connection goes.
        if (cutOnOpen) setImmediate(cut);
        if (options.node?.headersSent) direct = options.node;
        // Once direct, nothing more is read until the end: a pull that never settles is not called again.
        return direct ? new Promise<void>(() => {}) : undefined;
      },
      cancel: finish,
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );

  const close = () => {
    if (!open) return;
    finish();
    controller.close();
  };

  const stream: LiveStream = {
    response: new Response(body, { headers: SSE_HEADERS }),
    send: (event) => write("bytes" in event ? event.bytes : encodeEvent(event).bytes),
    close,
    onClose: (cleanup) => void (open ? cleanups.push(cleanup) : cleanup()),
  };
  options.registry?.add(stream);
  // Erroring the stream makes the server destroy the connection instead of ending it cleanly.
  const cut = () => {
    if (!open) return;
    finish();
    controller.error(new Error("event stream cut by a sandbox fault"));
  };
  const cutAfterOpen = () => {
    if (opened) cut();
    else cutOnOpen = true;
  };
  cuts.set(stream.response, { cut, cutAfterOpen, ended: new Promise((resolve) => stream.onClose(resolve)) });
  write(encoder.encode(formatEvent(options.first, options.retryMs ?? 3000)));
  const { clock, closeAt } = options;
  const heartbeat = clock.timers.setInterval(() => write(PING), options.heartbeatMs);
  stream.onClose(() => clock.timers.clear(heartbeat));
  if (closeAt !== undefined) {
    let expiry: Timer | undefined;
    const scheduleExpiry = () => {
      clock.timers.clear(expiry);
      const delay = closeAt - clock.nowMs();
      if (delay <= 0) return close();
      // setTimeout cannot wait longer than about 24.8 days; a token living longer keeps the stream open.
      expiry = delay <= 2_147_483_647 ? clock.timers.setTimeout(close, delay) : undefined;
    };
    scheduleExpiry();
    // The sandbox clock may be moved while the stream is open: its end moves with it.
    stream.onClose(clock.onChange(scheduleExpiry));
    stream.onClose(() => clock.timers.clear(expiry));
  }
  endWhenClientEnds(stream, options.node?.socket);
  return stream;
}

/**
 * The servers answer a client that half-closes (node-server.ts), so its FIN alone no longer ends
 * the response in progress. For a live stream it means that the client has left (EventSource and
 * fetch close the whole connection; nothing is ever sent up a stream): the stream ends, with what
 * it has sent, instead of holding its slot until a heartbeat's write fails.
 */
function endWhenClientEnds(stream: LiveStream, socket: Socket | null | undefined): void {
  if (!socket) return;
  const end = () => stream.close();
  if (socket.readableEnded) end();
  else socket.once("end", end);
  stream.onClose(() => socket.off("end", end));
}
