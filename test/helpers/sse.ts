import { type IncomingMessage, request } from "node:http";

export interface SseMessage {
  event?: string;
  id?: string;
  retry?: string;
  data?: string;
  comment?: string;
}

/**
 * Parses an event-stream text line by line, as a client does: a comment (which EventSource
 * hides) is a message of its own when its line is complete; fields make one message at the
 * blank line that ends them, and fields not yet ended by one are left out.
 */
export function parseSse(text: string): SseMessage[] {
  const messages: SseMessage[] = [];
  let message: SseMessage = {};
  for (const line of text.split("\n").slice(0, -1)) {
    if (line === "") {
      if (Object.keys(message).length > 0) messages.push(message);
      message = {};
    } else if (line.startsWith(":")) {
      messages.push({ comment: line.slice(1).trim() });
    } else {
      const match = /^(event|id|retry|data): ?(.*)$/.exec(line);
      const field = match?.[1] as "event" | "id" | "retry" | "data" | undefined;
      if (field)
        message[field] = field === "data" && message.data !== undefined ? `${message.data}\n${match![2]}` : match![2];
    }
  }
  return messages;
}

/** A raw SSE connection over node:http: sees every byte, comments included, and can be cut at will. */
export interface RawStream {
  response: IncomingMessage;
  messages: SseMessage[];
  /** Resolves with the messages once `predicate` holds (or rejects after the timeout). */
  until(predicate: (messages: SseMessage[]) => boolean, timeoutMs?: number): Promise<SseMessage[]>;
  ended: Promise<void>;
  close(): void;
}

/** How long to wait for the stream's response headers; the stream itself may then stay open as long as the test wants. */
const RESPONSE_MS = 10_000;

export function openRawStream(url: string, headers: Record<string, string> = {}): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      clearTimeout(noResponse);
      let text = "";
      const stream: RawStream = {
        response,
        messages: [],
        ended: new Promise((done) => response.on("close", () => done())),
        until(predicate, timeoutMs = 3000) {
          return new Promise((ok, fail) => {
            const check = () => {
              if (predicate(stream.messages)) {
                clearTimeout(timer);
                response.off("data", check);
                ok(stream.messages);
              }
            };
            const timer = setTimeout(() => {
              response.off("data", check);
              fail(new Error(`stream condition not met; got ${JSON.stringify(stream.messages)}`));
            }, timeoutMs);
            response.on("data", check);
            check();
          });
        },
        close: () => req.destroy(),
      };
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        stream.messages = parseSse(text);
      });
      response.on("error", () => {});
      resolve(stream);
    });
    const noResponse = setTimeout(
      () => req.destroy(new Error(`no response from ${url} within ${RESPONSE_MS} ms`)),
      RESPONSE_MS,
    );
    req.on("error", (error) => {
      clearTimeout(noResponse);
      reject(error);
    });
    req.end();
  });
}
