/** Hostile and well-behaved clients on loopback, for the connection-flood test and `npm run bench`. */
import { request } from "node:http";
import { connect, type Socket } from "node:net";

/** The request a trickling client sends, one byte at a time: its headers never end. */
const TRICKLE = `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: ${"a".repeat(4096)}`;

export interface Flood {
  /** Sockets that connected. */
  readonly connected: number;
  /** Sockets the server closed (or reset). */
  readonly closedByServer: number;
  /** Sockets that were answered 408 before being closed. */
  readonly timedOut: number;
  /** Sockets still open. */
  readonly open: number;
  /** Closes every socket still open. */
  stop(): void;
}

/**
 * Opens `count` sockets to the servers (round robin), in batches so that the listen backlog does
 * not overflow, each sending one byte of a request now and then another every `trickleMs`.
 * Resolves once each one has connected or failed.
 */
export async function openFlood(urls: string[], count: number, trickleMs = 5_000): Promise<Flood> {
  const sockets = new Set<Socket>();
  const stats = { connected: 0, closedByServer: 0, timedOut: 0 };
  let stopping = false;
  const sent = new Map<Socket, number>();
  const trickle = setInterval(() => {
    for (const socket of sockets) {
      const at = sent.get(socket) ?? 0;
      socket.write(TRICKLE[at % TRICKLE.length]!);
      sent.set(socket, at + 1);
    }
  }, trickleMs);

  const open = (url: URL) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      let answer = "";
      socket.on("connect", () => {
        stats.connected++;
        sockets.add(socket);
        socket.write(TRICKLE[0]!);
        sent.set(socket, 1);
        resolve();
      });
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("error", () => resolve());
      socket.on("close", () => {
        if (!sockets.delete(socket) || stopping) return;
        stats.closedByServer++;
        if (answer.startsWith("HTTP/1.1 408")) stats.timedOut++;
      });
    });

  const targets = urls.map((url) => new URL(url));
  for (let started = 0; started < count; started += 250) {
    const batch = Array.from({ length: Math.min(250, count - started) }, (_, index) =>
      open(targets[(started + index) % targets.length]!),
    );
    await Promise.all(batch);
  }
  return {
    get connected() {
      return stats.connected;
    },
    get closedByServer() {
      return stats.closedByServer;
    },
    get timedOut() {
      return stats.timedOut;
    },
    get open() {
      return sockets.size;
    },
    stop() {
      stopping = true;
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}

export interface Timed {
  status: number;
  ms: number;
}

/** A well-behaved client: a fresh connection, the whole request at once; rejects after `timeoutMs`. */
export function timedRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  timeoutMs = 5_000,
): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? "GET", headers: init.headers, agent: false, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(init.body);
  });
}
