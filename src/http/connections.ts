import type { Server } from "node:http";
import type { Socket } from "node:net";

/** How long requests in flight may still take to finish once the server closes; then they are cut. */
const CLOSE_GRACE_MS = 2_000;

export interface Connections {
  /** Stops accepting; ends idle connections at once and the others as soon as their response is done. */
  close(): Promise<void>;
}

/**
 * Follows a server's connections, so that closing it takes no longer than its requests in
 * flight: Node's closeIdleConnections() misses a connection whose response (an event stream
 * ended by the shutdown, say) finishes a moment later and leaves it idle until keep-alive
 * expires.
 */
export function trackConnections(server: Server): Connections {
  /** Connections without a request in progress, oldest first (a Set keeps insertion order). */
  const waiting = new Set<Socket>();
  /** Connections serving requests, with how many (pipelined requests are served in turn). */
  const serving = new Map<Socket, number>();
  let closing = false;

  server.on("connection", (socket: Socket) => {
    waiting.add(socket);
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
      const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await closed;
      clearTimeout(grace);
    },
  };
}

/**
 * Ends a connection once what was written to it has been sent, without waiting for the client
 * to close its side: a client that never does would otherwise hold the connection.
 */
function endConnection(socket: Socket): void {
  socket.end(() => socket.destroy());
}
