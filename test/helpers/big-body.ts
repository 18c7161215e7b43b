/** Clients that send a body larger than the server takes, over raw sockets: what they read, and how the server closed. */
import { connect, type Socket } from "node:net";

const CHUNK = Buffer.alloc(64 * 1024, 0x20);

export interface Upload {
  /** What was answered ("" if nothing was), as received. */
  answer: string;
  /** The body's bytes written before the socket closed: all of them, unless the server cut the connection. */
  sent: number;
  /** The error the socket ended with (EPIPE, ECONNRESET), if any: the server reset the connection. */
  error?: string;
  /** The server half-closed (its FIN came) before the client had written its whole body. */
  halfClosedEarly: boolean;
}

/**
 * Sends `head` (request line and headers, without the blank line), then `size` bytes of body in
 * 64 KiB writes, each once the last has gone (as an upload does), with its Content-Length or
 * chunked. The client goes on sending after the server's FIN, as a client that half-closes its own
 * side only when done does, then ends its side; resolves once the socket has closed.
 */
export function sendBigBody(url: string, head: string[], size: number, options: { chunked?: boolean } = {}) {
  const { hostname, port } = new URL(url);
  const length = options.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${size}`;
  return new Promise<Upload>((resolve) => {
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    const upload: Upload = { answer: "", sent: 0, halfClosedEarly: false };
    socket.on("connect", async () => {
      socket.write(`${[...head, length].join("\r\n")}\r\n\r\n`);
      while (upload.sent < size && socket.writable) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, size - upload.sent));
        const written = options.chunked ? [`${chunk.length.toString(16)}\r\n`, chunk, "\r\n"] : [chunk];
        upload.sent += chunk.length;
        if (!written.map((part) => socket.write(part)).at(-1)) await drainedOrClosed(socket);
      }
      if (!socket.writable) return;
      if (options.chunked) socket.write("0\r\n\r\n");
      socket.end();
    });
    socket.on("data", (chunk: Buffer) => (upload.answer += chunk.toString("latin1")));
    socket.on("end", () => (upload.halfClosedEarly ||= upload.sent < size));
    socket.on("error", (error: NodeJS.ErrnoException) => (upload.error ??= error.code ?? error.message));
    socket.on("close", () => resolve(upload));
  });
}

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off("drain", done).off("close", done);
      resolve();
    };
    socket.once("drain", done).once("close", done);
  });
}

export interface LingeringClient {
  /** The answer, read once the server half-closed. */
  answer: string;
  /** Resolves once the server has cut the connection (the next write met a reset). */
  closed: Promise<void>;
  readonly isClosed: boolean;
}

/**
 * A slow upload: it declares 8 MiB for `path`, sends 64 KiB of it at once and then 1 KiB every
 * 20 ms, which no server reads to its end soon. Resolves once it has read the answer and the
 * server's FIN. The server's close shows as the next write's reset (a client that half-closes
 * only when done would never see a FIN followed by a silent close otherwise).
 */
export function lingeringClient(url: string, path: string): Promise<LingeringClient> {
  const { hostname, port, host } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let answer = "";
    let isClosed = false;
    const trickle = setInterval(() => socket.write(CHUNK.subarray(0, 1024)), 20);
    const closed = new Promise<void>((done) =>
      socket.on("close", () => {
        clearInterval(trickle);
        isClosed = true;
        done();
      }),
    );
    socket.on("connect", () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${8 * 1024 * 1024}\r\n\r\n${CHUNK.toString("latin1")}`,
      ),
    );
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", () => {}); // the reset is the close the tests wait for
    socket.on("end", () =>
      resolve({
        answer,
        closed,
        get isClosed() {
          return isClosed;
        },
      }),
    );
    closed.then(() => reject(new Error(`closed before the server's FIN; answer: ${JSON.stringify(answer)}`)));
  });
}
