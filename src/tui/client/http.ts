import { createServiceClient, type ServiceClient } from "../../client/service-client.ts";
import type { Masker } from "../../mask.ts";
import type { ServiceUrls } from "../../service-names.ts";
import type { TrafficLog } from "./traffic.ts";

/** Bodies kept for the Traffic screen, per exchange. */
const KEPT_BODY_CHARS = 64 * 1024;

/** The UI's service client: every screen calls the servers through it, and every exchange lands in the traffic log. */
export function createHttpClient(options: {
  urls: ServiceUrls;
  traffic: TrafficLog;
  masker: Masker;
  timeoutMs?: number;
}): ServiceClient {
  const { urls, traffic, masker } = options;

  const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
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
      traffic.add({ ...base, durationMs: performance.now() - started, error: describeNetworkError(error) });
      throw error;
    }
    const headers = masker.headers(Object.fromEntries(response.headers));
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      traffic.add({
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
    traffic.add({
      ...base,
      status: response.status,
      durationMs: performance.now() - started,
      size: Buffer.byteLength(text),
      response: { headers, body: masker.text(text.slice(0, KEPT_BODY_CHARS), text.length > KEPT_BODY_CHARS) },
    });
    return response;
  };
  return createServiceClient({ urls, fetch: recordingFetch as typeof fetch, timeoutMs: options.timeoutMs });
}

function describeNetworkError(error: unknown): string {
  const name = (error as Error).name;
  if (name === "TimeoutError") return "no answer in time";
  if (name === "AbortError") return "cancelled";
  return "no answer: connection failed";
}
