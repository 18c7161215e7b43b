import { type H3, toNodeHandler } from "h3";
import { errnoCode, userError } from "../errors.ts";
import { urlHost } from "../host-names.ts";
import { systemTimers, type Timers } from "../timers.ts";
import { TappableResponse } from "./body-tap.ts";
import { CLIENT_TIMEOUTS, type ClientTimeouts, limitConnections } from "./connections.ts";
import { createNodeServer } from "./node-server.ts";

export interface ServeOptions {
  port: number;
  host: string;
  /** The flag and env variable that change this port, named in the error when the port is taken. */
  portFlag: string;
  portEnv: string;
  /** Most connections open at once; past it, the one idle longest makes room. */
  maxConnections: number;
  /** What the shutdown's grace for requests in flight waits on; the system's by default. */
  timers?: Timers;
  /** The clients' time limits; CLIENT_TIMEOUTS by default. */
  clientTimeouts?: Partial<ClientTimeouts>;
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
  const timeouts = { ...CLIENT_TIMEOUTS, ...options.clientTimeouts };
  const server = createNodeServer(
    {
      ServerResponse: TappableResponse,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    toNodeHandler(app),
  );
  const connections = limitConnections(server, options.maxConnections, options.timers ?? systemTimers);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(userError("listen_failed", explainListenFailure(errnoCode(error), options))),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  // A server listening on a TCP port has an address with a port; a pipe's (a string) it never listens on.
  if (address === null || typeof address === "string") throw new Error(`The server has no TCP address (${address})`);
  const { port } = address;
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
