import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { HTTP_ERRORS } from "../contracts/http-errors.ts";
import { errnoCode, SandboxError, statusOf } from "../errors.ts";
import { JSON_TYPE } from "./response-headers.ts";

/** What Node could not take, by its error code, as Node itself would answer it; anything else it cannot parse is a 400. */
const ANSWERS: Record<string, { code: keyof typeof HTTP_ERRORS; error: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: "request_header_fields_too_large",
    error: "The request's headers are larger than the server accepts",
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: "request_timeout", error: "The request did not arrive in time" },
};

/**
 * Node answers a request it cannot take (CR/LF in a header, headers too large, headers that
 * never finish) with a bare status line; ours carries the error shape, the status Node would
 * have chosen, and closes the connection.
 */
export function answerClientError(error: Error, socket: Duplex): void {
  const errno = errnoCode(error);
  const { code, error: message } = ANSWERS[errno ?? ""] ?? {
    code: "bad_request",
    error: `Malformed HTTP request (${errno ?? "parse error"})`,
  };
  answerOnSocket(socket, new SandboxError(code, message, { status: HTTP_ERRORS[code] }));
}

/** An answer in the error shape, written on a socket no response object owns (a request Node could not parse, a CONNECT), which it then closes. */
export function answerOnSocket(socket: Duplex, error: SandboxError): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOf(error);
  const body = JSON.stringify(error.toBody());
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    `Content-Type: ${JSON_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "X-Content-Type-Options: nosniff",
    "Connection: close",
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}
