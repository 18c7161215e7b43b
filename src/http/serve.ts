import { createServer } from "node:http";
import type { Socket } from "node:net";
import { toNodeHandler, type H3 } from "h3";
import { userError } from "../errors.ts";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS, endConnection, limitConnections } from "./connections.ts";
import { urlHost } from "./url-host.ts";

export interface ServeOptions {
  port: number;
  host: string;
  /** The flag and env variable that change this port, named in the error when the port is taken. */
  portFlag: string;
  portEnv: string;
  /** Most connections open at once; past it, the one idle longest makes room. */
  maxConnections: number;
}

export interface RunningServer {
  /** The URL actually listened on (with the port the OS gave for port 0). */
  url: string;
  port: number;
  /** Stops accepting connections, ends idle ones at once, gives requests in flight a moment, then cuts what is left. */
  close(): Promise<void>;
}

/**
 * Serves an h3 app on Node's own HTTP server. (listhen was tried first: it moves a busy port
 * elsewhere, reads port 0 as 3000, hides why a port failed, and its shutdown helper crashes the
 * process when a chunked body over the size limit is refused.)
 */
export async function serve(app: H3, options: ServeOptions): Promise<RunningServer> {
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    toNodeHandler(app),
  );
  const connections = limitConnections(server, options.maxConnections);
  server.on("clientError", answerMalformedRequest);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(userError("listen_failed", explainListenFailure(error.code, options))));
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return { url: `http://${urlHost(options.host)}:${port}`, port, close: () => connections.close() };
}

/** The port is taken, not permitted or the address is not on this machine: one line saying what to change. */
function explainListenFailure(code: string | undefined, { port, host, portFlag, portEnv }: ServeOptions): string {
  const change = `choose another port with ${portFlag} <port> (or ${portEnv})`;
  switch (code) {
    case "EADDRINUSE":
      return `Port ${port} on ${host} is already in use: stop what uses it, or ${change}.`;
    case "EACCES":
      return `Port ${port} needs special privileges: ${change}, above 1023.`;
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
      return `The address ${host} is not on this machine: choose another with --bind (127.0.0.1, or 0.0.0.0 for every interface).`;
    default:
      return `Cannot listen on ${host}:${port}${code ? ` (${code})` : ""}: ${change}, or another address with --bind.`;
  }
}

/**
 * Node answers a request it cannot parse (CR/LF in a header, say) or that came too slowly with a
 * bare 400 or 408; ours carry the error shape.
 */
function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, body] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? ["408 Request Timeout", { error: `The request did not arrive within ${HEADERS_TIMEOUT_MS / 1000} s (headers) or ${REQUEST_TIMEOUT_MS / 1000} s (all of it)`, code: "request_timeout" }]
      : ["400 Bad Request", { error: `Malformed HTTP request (${error.code ?? "parse error"})`, code: "bad_request" }];
  const text = JSON.stringify(body);
  endConnection(socket, `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}
