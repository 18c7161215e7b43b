import type { Masker } from "../mask.ts";

/** Bodies kept of each exchange recorded. */
const KEPT_BODY_CHARS = 64 * 1024;

/** One exchange as a client records it, its secrets masked: what was sent, and what came back or why nothing did. */
export interface RecordedExchange {
  time: Date;
  method: string;
  url: string;
  /** Absent when no answer came (the server is down, the request timed out): see `error`. */
  status?: number;
  error?: string;
  durationMs: number;
  /** Bytes of the answer's body as read; absent for an event stream, which stays open. */
  size?: number;
  request: { headers: Record<string, string>; body?: string };
  response?: { headers: Record<string, string>; body?: string };
}

/**
 * A fetch that records every exchange it makes, masked, for a client that shows its own traffic
 * (the terminal UI's Traffic screen): the service client and the event streams send through it.
 */
export function recordingFetch(record: (exchange: RecordedExchange) => void, masker: Masker): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const started = performance.now();
    const time = new Date();
    const sent = {
      headers: masker.headers(Object.fromEntries(request.headers)),
      ...(typeof init?.body === "string" ? { body: masker.text(init.body.slice(0, KEPT_BODY_CHARS)) } : {}),
    };
    const base = { time, method: request.method, url: masker.text(request.url), request: sent };
    let response: Response;
    try {
      response = await fetch(request);
    } catch (error) {
      record({ ...base, durationMs: performance.now() - started, error: describeNetworkError(error) });
      throw error;
    }
    const headers = masker.headers(Object.fromEntries(response.headers));
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      record({
        ...base,
        status: response.status,
        durationMs: performance.now() - started,
        response: { headers, body: "(event stream: see the Cart screen)" },
      });
      return response;
    }
    const text = await response
      .clone()
      .text()
      .catch(() => "");
    record({
      ...base,
      status: response.status,
      durationMs: performance.now() - started,
      size: Buffer.byteLength(text),
      response: { headers, body: masker.text(text.slice(0, KEPT_BODY_CHARS), text.length > KEPT_BODY_CHARS) },
    });
    return response;
  };
}

function describeNetworkError(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError") return "no answer in time";
  if (name === "AbortError") return "cancelled";
  return "no answer: connection failed";
}
