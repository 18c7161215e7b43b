import type { IncomingMessage, ServerResponse } from "node:http";
import { type GivenHeaders, ResponseWithReason } from "./reason-phrase.ts";

/**
 * What a connection may still bring once it has been answered early, read and dropped before it
 * is closed all the same: twice the largest body any route takes (the 8 MiB of an import), so that
 * a client sending a body of up to 16 MiB reads its 413 every time.
 */
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A response that closes its connection when it is sent before its request has arrived whole (a
 * 413 judged from Content-Length, a 401 before the body was read), and closes it the way nginx and
 * Go's net/http do: the answer, then a half-close, then what the client still sends read and
 * dropped until its body ends, `LINGER_BYTES` more have come, or the request's time limit (the
 * server's requestTimeout, from the request's start) is up; and only then the close. Node would
 * destroy the socket at once: with the body still arriving, the kernel answers it with a reset,
 * and a client still writing (EPIPE) or not yet reading loses the answer it was sent. A connection
 * that cannot carry another request before a body of any size is read is not kept alive either:
 * the answer says `Connection: close`, and no body is drained for it past these bounds.
 */
export class LingeringResponse<Request extends IncomingMessage = IncomingMessage> extends ResponseWithReason<Request> {
  override writeHead(statusCode: number, reasonOrHeaders?: string | GivenHeaders, headers?: GivenHeaders): this {
    if (bodyStillArriving(this.req)) {
      // What Node does for a final status sent instead of 100 Continue: Connection: close, and the response is the connection's last.
      this.shouldKeepAlive = false;
      lingerAtClose(this.req, this);
    }
    return typeof reasonOrHeaders === "string"
      ? super.writeHead(statusCode, reasonOrHeaders, headers)
      : super.writeHead(statusCode, reasonOrHeaders ?? headers);
  }
}

/** A request with a body (a GET without one may be answered before Node has marked it complete) not yet received whole. */
function bodyStillArriving(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/**
 * Once the answer is sent, the rest of the body is read, counted and dropped here (before Node's
 * own drain, which reads it unseen). Node then ends the connection of a last response with
 * `socket.destroySoon()` (and so does a library that gives up draining a body, such as the MCP
 * transport's): for this socket, that becomes the half-close, and the close waits for the body's end.
 */
function lingerAtClose(req: IncomingMessage, res: ServerResponse): void {
  const { socket } = req;
  let left = LINGER_BYTES;
  res.prependOnceListener("finish", () => {
    // Whoever was reading the body (a reader that stopped at the limit and paused it) is done with it.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) socket.destroy();
    });
    req.resume();
  });
  const destroySoon = socket.destroySoon.bind(socket);
  let lingering = false;
  socket.destroySoon = () => {
    // The body came whole meanwhile: nothing is left unread, so the close resets nothing.
    if (req.complete) return destroySoon();
    if (lingering) return;
    lingering = true;
    // The answer goes out, then the FIN: the client reads it whole, and learns that nothing more comes.
    socket.end();
    // Once the body has ended, nothing is left unread: the socket closes as soon as what it was given is sent.
    req.once("end", destroySoon);
  };
}
