/** Hostile and well-behaved clients on loopback, for the connection-flood test and `npm run bench`. */
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { parseAnswer, type RawAnswer } from "./raw-http.ts";

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

  await inBatches(urls, count, open);
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

export interface StreamFlood {
  /** Requests answered 200: streams that opened. */
  readonly opened: number;
  /** Of those, the streams still open. */
  readonly open: number;
  /** Requests answered 503 `too_many_streams`. */
  readonly refused: number;
  /** Requests closed by the server before any answer (the connection cap refusing a newcomer), or answered otherwise. */
  readonly failed: number;
  /** The first refusal, as sent. */
  readonly refusal: RawAnswer | undefined;
  /** Closes every socket still open. */
  stop(): void;
}

/**
 * Asks for `count` event streams (round robin over `urls`, each a full stream URL), each on a
 * socket of its own kept alive, as a client hoarding streams would; in batches, like openFlood.
 * Resolves once each one has opened, been refused (its whole answer read) or been closed.
 */
export async function openStreams(urls: string[], count: number): Promise<StreamFlood> {
  const streams = new Set<Socket>();
  const sockets = new Set<Socket>();
  const stats = { opened: 0, refused: 0, failed: 0 };
  let refusal: RawAnswer | undefined;

  const ask = (url: URL) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      sockets.add(socket);
      let text = "";
      let settled = false;
      const settle = (outcome: "opened" | "refused" | "failed") => {
        if (settled) return;
        settled = true;
        stats[outcome]++;
        if (outcome === "opened") streams.add(socket);
        resolve();
      };
      socket.on("connect", () =>
        socket.write(
          `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
        ),
      );
      socket.setEncoding("utf8").on("data", (chunk: string) => {
        if (settled) return;
        text += chunk;
        const answer = completeAnswer(text);
        if (answer?.status === 200) settle("opened");
        else if (answer?.status === 503 && answer.body.includes('"code":"too_many_streams"')) {
          refusal ??= answer;
          settle("refused");
        } else if (answer) settle("failed");
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        streams.delete(socket);
        sockets.delete(socket);
        settle("failed");
      });
    });

  await inBatches(urls, count, ask);
  return {
    get opened() {
      return stats.opened;
    },
    get open() {
      return streams.size;
    },
    get refused() {
      return stats.refused;
    },
    get failed() {
      return stats.failed;
    },
    get refusal() {
      return refusal;
    },
    stop() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** The answer once it is whole: a 200's head (a stream's body never ends), any other's body by its length. */
function completeAnswer(text: string): RawAnswer | undefined {
  if (!text.includes("\r\n\r\n")) return undefined;
  const answer = parseAnswer(text);
  if (answer.status === 200) return answer;
  const length = answer.headers["content-length"];
  if (length !== undefined) return Buffer.byteLength(answer.body) >= Number(length) ? answer : undefined;
  return text.endsWith("0\r\n\r\n") ? answer : undefined;
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

/** Opens `count` connections with `open`, spread over the servers in turn, 250 at a time. */
async function inBatches(urls: readonly string[], count: number, open: (target: URL) => Promise<void>): Promise<void> {
  const targets = urls.map((url) => new URL(url));
  for (let started = 0; started < count; started += 250) {
    const batch = Array.from({ length: Math.min(250, count - started) }, (_, index) =>
      open(targets[(started + index) % targets.length]!),
    );
    await Promise.all(batch);
  }
}
