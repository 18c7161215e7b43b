import type { Socket } from "node:net";
import type { H3Event } from "h3";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { failWith } from "../errors.ts";

/**
 * The most event streams a server holds at once: 4 in 5 of its connection cap, rounded down. A
 * stream serves a request for as long as it lasts (a cart stream, the token's whole life), so the
 * cap can never close one to make room: without a share, a client holding the cap in streams
 * would lock every other request out. The fifth left over (at least one connection, whatever the
 * cap) is always there for ordinary requests, and idle or trickling sockets there make room as
 * they do anywhere.
 */
export function maxStreams(maxConnections: number): number {
  return Math.floor((maxConnections * 4) / 5);
}

/**
 * The Retry-After of a refused stream, in seconds: a slot frees only when another stream ends,
 * which nothing schedules, so a few seconds is a guess that keeps a retrying client from spinning.
 */
export const STREAM_RETRY_AFTER_S = 5;

/** One server's event streams: how many it holds and may hold. */
export interface StreamShare {
  readonly maxConnections: number;
  readonly max: number;
  open: number;
}

export function createStreamShare(maxConnections: number): StreamShare {
  return { maxConnections, max: maxStreams(maxConnections), open: 0 };
}

/** The share of the server each connection came to; set as it connects, before any request on it. */
const shares = new WeakMap<Socket, StreamShare>();

export function joinStreamShare(socket: Socket, share: StreamShare): void {
  shares.set(socket, share);
}

/**
 * Takes a stream slot of the server that received the request, for as long as its response is
 * open; past the share, throws 503 `too_many_streams` with Retry-After (the new stream is refused:
 * an open one is never ended for it, so a client that holds a stream keeps it). A request that
 * reached no server of ours (the app called in-process) takes none.
 */
export function takeStreamSlot(event: H3Event): void {
  const response = event.runtime?.node?.res;
  const share = response?.socket ? shares.get(response.socket) : undefined;
  // A client that left while the route was getting ready holds nothing: its close has been and gone.
  if (!response || !share || response.closed) return;
  if (share.open >= share.max)
    failWith(HTTP_TEXTS.tooManyStreams, {
      values: { max: share.max, maxConnections: share.maxConnections, seconds: STREAM_RETRY_AFTER_S },
      headers: { "retry-after": String(STREAM_RETRY_AFTER_S) },
      expected: true,
    });
  share.open++;
  response.once("close", () => share.open--);
}
