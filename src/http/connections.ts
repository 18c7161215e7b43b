import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Timers } from "../timers.ts";
import { createStreamShare, joinStreamShare } from "./stream-share.ts";

/**
 * How long a client may take to send a request's headers, and its whole request (a body of at
 * most 1 MiB), and how often Node checks. A well-behaved client sends its headers at once; one
 * that trickles them is cut (408) so that it holds no connection for long. (Node checks them on
 * its own clock: only a test of a slow client makes them shorter.)
 */
export interface ClientTimeouts {
  headersMs: number;
  requestMs: number;
  checkEveryMs: number;
}

export const CLIENT_TIMEOUTS: Readonly<ClientTimeouts> = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 };

/** How long requests in flight may still take to finish once the server closes; then they are cut. */
const CLOSE_GRACE_MS = 2_000;

export interface Connections {
  /** Stops accepting; ends idle connections at once and the others as soon as their response is done. */
  close(): Promise<void>;
}

/**
 * Holds a server to `max` open connections. Node's own `maxConnections` refuses newcomers once
 * full, so a flood of sockets that never finish their headers would lock every real client out;
 * here a newcomer makes room instead, by closing the connection that has waited longest without
 * a request in progress (a flood's, or an idle keep-alive one). Only when every connection is
 * serving a request is a newcomer refused. With the cap below the process's open-file limit, a
 * flood can never exhaust the file descriptors the servers and the data files need. Event streams
 * serve their request as long as they last, so they may hold only a share of the cap
 * (stream-share.ts): the rest is always left to ordinary requests and to the sockets that make
 * room for them.
 *
 * Following each connection also makes closing take no longer than the requests in flight:
 * Node's closeIdleConnections() misses a connection whose response (an event stream ended by
 * the shutdown, say) finishes a moment later and leaves it idle until keep-alive expires.
 */
export function limitConnections(server: Server, max: number, timers: Timers): Connections {
  /** Connections without a request in progress, oldest first (a Set keeps insertion order). */
  const waiting = new Set<Socket>();
  /** Connections serving requests, with how many (pipelined requests are served in turn). */
  const serving = new Map<Socket, number>();
  let closing = false;
  const streams = createStreamShare(max);

  server.on("connection", (socket: Socket) => {
    if (waiting.size + serving.size >= max) {
      const oldest = waiting.values().next().value;
      if (!oldest) return void socket.destroy();
      waiting.delete(oldest);
      oldest.destroy();
    }
    waiting.add(socket);
    joinStreamShare(socket, streams);
    socket.once("close", () => {
      waiting.delete(socket);
      serving.delete(socket);
    });
  });

  server.on("request", (request, response) => {
    const { socket } = request;
    waiting.delete(socket);
    serving.set(socket, (serving.get(socket) ?? 0) + 1);
    response.once("close", () => {
      const left = (serving.get(socket) ?? 1) - 1;
      if (left > 0) return void serving.set(socket, left);
      serving.delete(socket);
      if (socket.destroyed) return;
      if (closing) endConnection(socket);
      else waiting.add(socket);
    });
  });

  return {
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of waiting) endConnection(socket);
      // Requests in flight get a moment to finish; whatever is still open after that is cut.
      const grace = timers.setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await closed;
      timers.clear(grace);
    },
  };
}

/**
 * Ends a connection once what was written to it (and `last`) has been sent, without waiting for
 * the client to close its side: a client that never does would otherwise hold the connection.
 */
export function endConnection(socket: Socket, last?: string): void {
  const destroy = () => socket.destroy();
  if (last === undefined) socket.end(destroy);
  else socket.end(last, destroy);
}
