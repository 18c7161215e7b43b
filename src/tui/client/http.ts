import { checkAnswer, isAnswer } from "../../client/answer.ts";
import { answersHealth } from "../../client/health.ts";
import { ERROR_BODY, OAUTH_ERROR_BODY } from "../../client/wire.ts";
import { SERVICE_LABELS, type ServiceName, type ServiceUrls } from "../../config/options.ts";
import type { FromSchema, JsonSchema } from "../../json-schema.ts";
import { parseJson } from "../../json-text.ts";
import type { Masker } from "../../mask.ts";
import type { TrafficLog } from "./traffic.ts";

/** How long a call may take before the UI gives up on it and says so. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Bodies kept for the Traffic screen, per exchange. */
const KEPT_BODY_CHARS = 64 * 1024;

/** The schema of a route's answer: a JSON Schema with its `type` (so that an options object cannot pass for one). */
type AnswerSchema = JsonSchema & { readonly type: string };

/** Why a call gave no usable answer; `message` is one line fit for the status bar. */
export type FailureKind = "not_running" | "unreachable" | "timeout" | "not_json" | "off_contract" | "http";

export class RequestFailure extends Error {
  override name = "RequestFailure";
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: string;
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The one HTTP client of the UI: every screen calls the servers through it, and every exchange lands in the traffic log. */
export interface HttpClient {
  readonly urls: ServiceUrls;
  /** A fetch that records each exchange (for the event stream, the agent's calls, anything not JSON). */
  readonly fetch: typeof fetch;
  /**
   * Calls a JSON route; resolves with the body of a 2xx answer once it matched `schema`, the
   * schema the route answers with (client/wire.ts), and rejects with a RequestFailure otherwise.
   */
  call<const S extends AnswerSchema>(
    service: ServiceName,
    path: string,
    schema: S,
    options?: CallOptions,
  ): Promise<FromSchema<S>>;
  /** Whether the server answers GET /health within 2 s; not recorded (it is polled). */
  healthy(service: ServiceName): Promise<boolean>;
}

export function createHttpClient(options: {
  urls: ServiceUrls;
  traffic: TrafficLog;
  masker: Masker;
  timeoutMs?: number;
}): HttpClient {
  const { urls, traffic, masker } = options;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

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

  const call = async <const S extends AnswerSchema>(
    service: ServiceName,
    path: string,
    schema: S,
    callOptions: CallOptions = {},
  ): Promise<FromSchema<S>> => {
    const base = urls[service];
    const label = SERVICE_LABELS[service];
    if (!base) throw new RequestFailure(`The ${label} is not part of this sandbox (no URL for it)`, "not_running");
    const headers: Record<string, string> = { accept: "application/json", ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    if (callOptions.body !== undefined) headers["content-type"] = "application/json";
    const signals = [
      AbortSignal.timeout(callOptions.timeoutMs ?? timeoutMs),
      ...(callOptions.signal ? [callOptions.signal] : []),
    ];
    let response: Response;
    try {
      response = await recordingFetch(`${base}${path}`, {
        method: callOptions.method ?? "GET",
        headers,
        body: callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body),
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if ((error as Error).name === "TimeoutError")
        throw new RequestFailure(
          `The ${label} did not answer within ${seconds(callOptions.timeoutMs ?? timeoutMs)}`,
          "timeout",
        );
      if ((error as Error).name === "AbortError") throw error;
      throw new RequestFailure(`The ${label} does not answer at ${base}: is the sandbox running?`, "unreachable");
    }
    const text = await response.text().catch(() => "");
    const body = parseJson(text);
    if (!response.ok) throw httpFailure(label, response.status, body);
    if (body === undefined)
      throw new RequestFailure(
        `The ${label} answered ${response.status} with something that is not JSON`,
        "not_json",
        response.status,
      );
    const answer = checkAnswer(body, schema);
    if (!answer.ok)
      throw new RequestFailure(
        `The ${label} answered ${callOptions.method ?? "GET"} ${path} with a body its contract does not allow: ${answer.mismatch}`,
        "off_contract",
        response.status,
      );
    return answer.value;
  };

  const healthy = async (service: ServiceName): Promise<boolean> => {
    const base = urls[service];
    return base ? answersHealth(base) : false;
  };

  return { urls, fetch: recordingFetch as typeof fetch, call, healthy };
}

/** The server's own error (its error body, or OAuth's on the token endpoint) as one line; its status when the body is neither. */
function httpFailure(label: string, status: number, body: unknown): RequestFailure {
  const said = isAnswer(body, ERROR_BODY)
    ? { text: body.error, code: body.code }
    : isAnswer(body, OAUTH_ERROR_BODY)
      ? { text: body.error_description, code: body.error }
      : undefined;
  const message = said
    ? `${said.text} (${status} ${said.code})`
    : `The ${label} answered ${status}${body === undefined ? " with something that is not JSON" : ""}`;
  return new RequestFailure(message, "http", status, said?.code);
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

function describeNetworkError(error: unknown): string {
  const name = (error as Error).name;
  if (name === "TimeoutError") return "no answer in time";
  if (name === "AbortError") return "cancelled";
  return "no answer: connection failed";
}
