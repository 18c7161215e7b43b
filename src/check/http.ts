// The checker's own HTTP, on purpose: it probes a deployment that may be foreign (the sandbox, or
// the real services), so it sends requests exactly as written and reads every answer raw, its status,
// headers and text, to say how the deployment departs from the spec: a login refused in the wrong
// shape, an event stream's framing, the OAuth flow's redirects and RFC 6749 errors. What it expects
// comes from the contract layer (src/contracts/: the transaction vocabulary, the wallet's periods)
// and from its own shapes (expect.ts), which type what they check; event streams go through the
// client tier's one reader.
import { connectionProblem } from "../client/connection.ts";
import { CheckFailure, failCheck } from "./outcome.ts";

/** An answer with its whole body read. */
export interface Answer {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

export interface RequestInit {
  headers?: Record<string, string>;
  /** An object is sent as JSON, URLSearchParams as a form, a string as it is. */
  body?: unknown;
}

/**
 * The requests of one check. Every one stops when the check's signal aborts (its time is up),
 * and `step` says what it was waiting for, so that a timeout names the request that hung.
 */
export class Http {
  /** What the check waits for now: the request in flight, or a step a check names itself. */
  step = "";

  constructor(readonly signal: AbortSignal) {}

  /** Sends a request and answers the response with its body unread (event streams). Redirects are not followed: a check looks at the 302 itself. */
  async open(method: string, url: string, init: RequestInit = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.body instanceof URLSearchParams) {
      headers["content-type"] ??= "application/x-www-form-urlencoded";
      body = init.body.toString();
    } else if (typeof init.body === "string") body = init.body;
    else if (init.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(init.body);
    }
    this.step = `${method} ${url}`;
    try {
      return await fetch(url, { method, headers, body, redirect: "manual", signal: this.signal });
    } catch (error) {
      if (this.signal.aborted) throw this.signal.reason;
      return failCheck(`${method} ${url}: ${connectionProblem(error)}`);
    }
  }

  /** Sends a request and reads the whole answer. */
  async send(method: string, url: string, init: RequestInit = {}): Promise<Answer> {
    const response = await this.open(method, url, init);
    try {
      return { method, url, status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      if (this.signal.aborted) throw this.signal.reason;
      return failCheck(`${method} ${url}: the answer was cut off (${connectionProblem(error)})`);
    }
  }

  get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send("GET", url, { headers: { accept: "application/json", ...headers } });
  }
}

/** The failure of a check whose time is up, naming what it waited for. */
export function noAnswer(timeoutMs: number, http: Http): CheckFailure {
  return new CheckFailure(`no answer within ${timeoutMs / 1000} s${http.step ? ` (waiting for ${http.step})` : ""}`);
}

/** A body in one short line, for a reason. */
export function excerpt(text: string, max = 160): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || "(empty body)";
}

/** "401 {…}": an answer as a reason shows it. */
export function describe(answer: Answer): string {
  return `${answer.status} ${excerpt(answer.text)}`;
}
