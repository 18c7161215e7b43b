import { createServer } from "node:net";
import type { Socket } from "node:net";
import { toNodeHandler, type H3 } from "h3";
import { listen } from "listhen";

export interface ServeOptions {
  port: number;
  host: string;
  /** The flag that changes this port, named in the error when the port is taken. */
  portFlag: string;
}

export interface RunningServer {
  /** The URL actually listened on (with the port the OS gave for port 0). */
  url: string;
  port: number;
  /** Stops accepting connections, gives open requests a moment, then cuts what is left. */
  close(): Promise<void>;
}

/** The port is taken, not permitted or the address is not on this machine: a one-line message. */
export class ListenError extends Error {
  override name = "ListenError";
}

/**
 * Serves an h3 app with listhen, set up so that it never listens anywhere but where it was
 * asked: listhen would otherwise move a busy port elsewhere and read port 0 as 3000.
 */
export async function serve(app: H3, options: ServeOptions): Promise<RunningServer> {
  const anyHost = options.host === "0.0.0.0" || options.host === "::";
  let listener: Awaited<ReturnType<typeof listen>>;
  try {
    listener = await listen(toNodeHandler(app), {
      port: options.port === 0 ? { random: true } : options.port,
      hostname: options.host,
      public: anyHost,
      isProd: true, // no alternative ports: a busy port is an error
      showURL: false,
      autoClose: false,
    });
  } catch {
    throw new ListenError(await explainListenFailure(options));
  }
  const server = listener.server;
  server.on("clientError", answerMalformedRequest);
  const port = (server.address() as { port: number }).port;
  return {
    url: listener.url.replace(/\/$/, ""),
    port,
    async close() {
      const closed = listener.close();
      // Long-lived responses (event streams) end with their own close; anything still open after a grace period is cut.
      const grace = setTimeout(() => server.closeAllConnections(), 2000);
      await closed;
      clearTimeout(grace);
    },
  };
}

/** listhen hides the reason a port could not be taken: ask the OS directly, once, to name it. */
async function explainListenFailure({ port, host, portFlag }: ServeOptions): Promise<string> {
  const code = await new Promise<string | undefined>((resolve) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code));
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
  switch (code) {
    case "EADDRINUSE":
      return `Port ${port} on ${host} is already in use: stop what uses it, or choose another port with ${portFlag} <port>.`;
    case "EACCES":
      return `Port ${port} needs special privileges: choose a port above 1023 with ${portFlag} <port>.`;
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return `The address ${host} is not on this machine: choose another with --bind (127.0.0.1, or 0.0.0.0 for every interface).`;
    default:
      return `Cannot listen on ${host}:${port}${code ? ` (${code})` : ""}: choose another port with ${portFlag} <port> or another address with --bind.`;
  }
}

/** Node answers a request it cannot parse (CR/LF in a header, say) with a bare 400; ours carries the error shape. */
function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: `Malformed HTTP request (${error.code ?? "parse error"})`, code: "bad_request" });
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
