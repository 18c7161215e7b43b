import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { errorOf, type SandboxError, statusOf } from "../errors.ts";
import { answerClientError, answerOnSocket } from "./client-error.ts";
import { CLIENT_TIMEOUTS } from "./connections.ts";
import { LingeringResponse } from "./lingering-close.ts";
import { requestLineRefusal } from "./request-line.ts";
import { JSON_TYPE } from "./response-headers.ts";

export interface NodeServerOptions extends Omit<ServerOptions, "ServerResponse"> {
  /** The responses' class: LingeringResponse (the default) or one of its own, so that an early answer closes without a reset. */
  ServerResponse?: typeof LingeringResponse;
}

/**
 * Node's HTTP server as every server of the sandbox runs it (the three services and `sandbox mcp
 * --http`), so that any request gets an answer in the JSON error shape and none can end the
 * process: what Node cannot parse (answerClientError), a request line the handler cannot take
 * (requestLineRefusal: a target that is no URL, HTTP/1.1 without Host), and CONNECT, which Node
 * would end without a word. Those never reach the handler, as they never reached the app.
 *
 * No answer is lost on the way out either: one sent before its body arrived whole closes with a
 * lingering close (LingeringResponse); a client that half-closes once it has sent its request still
 * gets the answer; and `Expect: 100-continue` is answered `100 Continue` only once the handler
 * reads the body, so that a body refused before (a 413 from its Content-Length) is never asked for.
 * The clients' time limits are CLIENT_TIMEOUTS unless the options say otherwise.
 */
export function createNodeServer(options: NodeServerOptions, handler: RequestListener): Server {
  // Host is checked with the rest of the request line, so that a request without it gets the error shape too.
  const server = createServer(
    {
      headersTimeout: CLIENT_TIMEOUTS.headersMs,
      requestTimeout: CLIENT_TIMEOUTS.requestMs,
      connectionsCheckingInterval: CLIENT_TIMEOUTS.checkEveryMs,
      ServerResponse: LingeringResponse,
      ...options,
      requireHostHeader: false,
    },
    (req, res) => {
      const refused = requestLineRefusal(req);
      if (refused) answerRefusal(res, refused);
      else handler(req, res);
    },
  );
  // Node ends a connection as soon as its client half-closes (an undocumented default, false): the
  // answer to a request sent whole before the FIN would never leave. With it true, Node sends the
  // answers due and then ends the connection.
  Object.assign(server, { httpAllowHalfOpen: true });
  server.on("checkContinue", (req, res) => {
    req.once("resume", () => continueUnlessAnswered(res));
    server.emit("request", req, res);
  });
  server.on("clientError", answerClientError);
  server.on("connect", (_req, socket) => answerOnSocket(socket, errorOf(HTTP_TEXTS.noConnect)));
  return server;
}

/** The body is being read: the client may send it, unless a final answer went out first (Node's own drain of an unread body resumes it too). */
function continueUnlessAnswered(res: ServerResponse<IncomingMessage>): void {
  if (!res.headersSent) res.writeContinue();
}

function answerRefusal(res: ServerResponse, error: SandboxError): void {
  const body = JSON.stringify(error.toBody());
  res
    .writeHead(statusOf(error), {
      "content-type": JSON_TYPE,
      "content-length": Buffer.byteLength(body),
      "x-content-type-options": "nosniff",
    })
    .end(body);
}
