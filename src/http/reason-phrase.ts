import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
  STATUS_CODES,
} from "node:http";

/** Headers as writeHead takes them. */
export type GivenHeaders = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * h3 hands Node the statusText of each Response, which is "" for one built without it (a route's
 * JSON, a page, an event stream), and Node sends an empty reason phrase as it is given
 * ("HTTP/1.1 200 "). This one sends the standard phrase instead, for every answer of the server.
 */
export class ResponseWithReason<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, reasonOrHeaders?: string | GivenHeaders, headers?: GivenHeaders): this {
    if (typeof reasonOrHeaders === "string")
      return super.writeHead(statusCode, reasonOrHeaders || STATUS_CODES[statusCode], headers);
    return super.writeHead(statusCode, reasonOrHeaders ?? headers);
  }
}
