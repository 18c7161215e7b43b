import type { FromSchema, JsonSchema } from "../json-schema.ts";
import { parseJson } from "../json-text.ts";
import { SERVICE_LABELS, type ServiceName, type ServiceUrls } from "../service-names.ts";
import { checkAnswer, isAnswer } from "./answer.ts";
import { answersHealth } from "./health.ts";
import { ERROR_BODY, OAUTH_ERROR_BODY } from "./wire.ts";

/** How long a call may take before the client gives up on it and says so. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** The schema of a route's answer: a JSON Schema with its `type` (so that an options object cannot pass for one). */
type AnswerSchema = JsonSchema & { readonly type: string };

/** Why a call gave no usable answer; `message` is one line fit for the status bar. */
export type FailureKind = "not_running" | "unreachable" | "timeout" | "not_json" | "off_contract" | "http";

/** What a failure knows besides its kind: the status, and what the server's answer said. */
export interface FailureDetails {
  status?: number;
  /** The code of the server's error body. */
  code?: string;
  /** What the server's error body said: its error and its hint (a fault's says how to remove it). */
  said?: { error: string; hint?: string };
  /** Where an answer off its contract departs from it (a JSON pointer and what was expected). */
  mismatch?: string;
}

export class RequestFailure extends Error {
  override name = "RequestFailure";
  readonly status?: number;
  readonly code?: string;
  readonly said?: FailureDetails["said"];
  readonly mismatch?: string;
  constructor(
    message: string,
    readonly kind: FailureKind,
    details: FailureDetails = {},
  ) {
    super(message);
    Object.assign(this, details);
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

/**
 * The service client: the terminal UI, the agent and the scenario runner call the servers' JSON
 * routes through it. Each answer is checked against the schema its route answers with
 * (client/wire.ts) and typed by it; an answer that is not that is a RequestFailure saying which
 * kind, never a cast.
 */
export interface ServiceClient {
  readonly urls: ServiceUrls;
  /** The fetch it sends with (the terminal UI's records each exchange), for what is no JSON call (the event stream, the agent's actions). */
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

export function createServiceClient(options: {
  urls: ServiceUrls;
  /** What sends the requests (default: the global fetch). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}): ServiceClient {
  const { urls } = options;
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

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
      response = await send(`${base}${path}`, {
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
      throw new RequestFailure(`The ${label} answered ${response.status} with something that is not JSON`, "not_json", {
        status: response.status,
      });
    const answer = checkAnswer(body, schema);
    if (!answer.ok)
      throw new RequestFailure(
        `The ${label} answered ${callOptions.method ?? "GET"} ${path} with a body its contract does not allow: ${answer.mismatch}`,
        "off_contract",
        { status: response.status, mismatch: answer.mismatch },
      );
    return answer.value;
  };

  const healthy = async (service: ServiceName): Promise<boolean> => {
    const base = urls[service];
    return base ? answersHealth(base) : false;
  };

  return { urls, fetch: send, call, healthy };
}

/** The server's own error (its error body, or OAuth's on the token endpoint) as one line; its status when the body is neither. */
function httpFailure(label: string, status: number, body: unknown): RequestFailure {
  const said = isAnswer(body, ERROR_BODY)
    ? { error: body.error, code: body.code, ...(body.hint ? { hint: body.hint } : {}) }
    : isAnswer(body, OAUTH_ERROR_BODY)
      ? { error: body.error_description, code: body.error }
      : undefined;
  const message = said
    ? `${said.error} (${status} ${said.code})`
    : `The ${label} answered ${status}${body === undefined ? " with something that is not JSON" : ""}`;
  if (!said) return new RequestFailure(message, "http", { status });
  const { code, ...rest } = said;
  return new RequestFailure(message, "http", { status, code, said: rest });
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
