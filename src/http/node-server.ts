import { createServer, type RequestListener, type Server, type ServerOptions, type ServerResponse } from "node:http";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { errorOf, type SandboxError, statusOf } from "../errors.ts";
import { answerClientError, answerOnSocket } from "./client-error.ts";
import { requestLineRefusal } from "./request-line.ts";
import { JSON_TYPE } from "./response-headers.ts";

/**
 * Node's HTTP server as every server of the sandbox runs it (the three services and `sandbox mcp
 * --http`), so that any request gets an answer in the JSON error shape and none can end the
 * process: what Node cannot parse (answerClientError), a request line the handler cannot take
 * (requestLineRefusal: a target that is no URL, HTTP/1.1 without Host), and CONNECT, which Node
 * would end without a word. Those never reach the handler, as they never reached the app.
 */
export function createNodeServer(options: ServerOptions, handler: RequestListener): Server {
  // Host is checked with the rest of the request line, so that a request without it gets the error shape too.
  const server = createServer({ ...options, requireHostHeader: false }, (req, res) => {
    const refused = requestLineRefusal(req);
    if (refused) answerRefusal(res, refused);
    else handler(req, res);
  });
  server.on("clientError", answerClientError);
  server.on("connect", (_req, socket) => answerOnSocket(socket, errorOf(HTTP_TEXTS.noConnect)));
  return server;
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
