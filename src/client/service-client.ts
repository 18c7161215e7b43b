import { SERVICE_LABELS, type ServiceName, type ServiceUrls } from "../service-names.ts";
import {
  type AnswerOf,
  type CallableContract,
  type CallInput,
  type CallResult,
  readByContract,
} from "./contract-call.ts";
import { answersHealth } from "./health.ts";

/** How long a call may take before the client gives up on it and says so. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Why a call gave no usable answer; `message` is one line fit for the status bar. */
export type FailureKind = "not_running" | "unreachable" | "timeout" | "off_contract" | "http";

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

/**
 * The service client: the terminal UI, the agent and the scenario runner call the servers' routes
 * through it. `call` takes a route's contract (src/contracts/): the answer is checked against it and
 * typed by it, and one it does not describe is a result saying so, never a cast.
 */
export interface ServiceClient {
  readonly urls: ServiceUrls;
  /** The fetch it sends with (the terminal UI's records each exchange), for what is no JSON call (the event stream, the agent's actions). */
  readonly fetch: typeof fetch;
  /**
   * Calls a route by its contract: its method, the body its schema types, the answer checked
   * against the schemas it documents. Answers of any kind resolve (CallResult); only a server that
   * cannot be reached, or does not answer in time, rejects (RequestFailure).
   */
  call<const C extends CallableContract>(contract: C, input: CallInput<C>): Promise<CallResult<C>>;
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

  const call = async <const C extends CallableContract>(contract: C, input: CallInput<C>): Promise<CallResult<C>> => {
    const { service, path } = input;
    const base = urls[service];
    const label = SERVICE_LABELS[service];
    if (!base) throw new RequestFailure(`The ${label} is not part of this sandbox (no URL for it)`, "not_running");
    const headers: Record<string, string> = { accept: "application/json", ...input.headers };
    if (input.token) headers.authorization = `Bearer ${input.token}`;
    if (input.body !== undefined) headers["content-type"] = "application/json";
    const wait = input.timeoutMs ?? timeoutMs;
    const signals = [AbortSignal.timeout(wait), ...(input.signal ? [input.signal] : [])];
    try {
      const response = await send(`${base}${path}`, {
        method: contract.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: AbortSignal.any(signals),
      });
      const text = await response.text();
      return readByContract(contract, response.status, response.headers, text);
    } catch (error) {
      if (error instanceof Error && error.name === "TimeoutError")
        throw new RequestFailure(`The ${label} did not answer within ${seconds(wait)}`, "timeout");
      if (error instanceof Error && error.name === "AbortError") throw error;
      throw new RequestFailure(`The ${label} does not answer at ${base}: is the sandbox running?`, "unreachable");
    }
  };

  const healthy = async (service: ServiceName): Promise<boolean> => {
    const base = urls[service];
    return base ? answersHealth(base) : false;
  };

  return { urls, fetch: send, call, healthy };
}

/**
 * The answer of a call that must succeed, for a client that reports anything else as one line:
 * a documented error as the server said it (its code and hint kept), an answer off the contract
 * as where it departs.
 */
export function answerOf<C>(result: CallResult<C>, service: ServiceName, request: string): AnswerOf<C> {
  if (result.kind === "answer") return result.body;
  const label = SERVICE_LABELS[service];
  if (result.kind === "error") {
    const { error, code, hint } = result.body;
    return failed(`${error} (${result.status} ${code})`, "http", {
      status: result.status,
      code,
      said: hint ? { error, hint } : { error },
    });
  }
  if (result.status >= 400) return failed(`The ${label} answered ${result.status}`, "http", { status: result.status });
  return failed(
    `The ${label} answered ${request} with ${result.status}, which its contract does not allow: ${result.mismatch}`,
    "off_contract",
    { status: result.status, mismatch: result.mismatch },
  );
}

function failed(message: string, kind: FailureKind, details: FailureDetails): never {
  throw new RequestFailure(message, kind, details);
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
