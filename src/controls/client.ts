import { SandboxError, type ErrorBody } from "../errors.ts";
import type { ClientListing } from "../wallet/oauth/registry.ts";
import type { ClockState } from "./clock-routes.ts";
import type { Fault, FaultSpec } from "./faults/fault.ts";
import { CONTROLS_PREFIX } from "./prefix.ts";

/** What GET /__sandbox/health answers. */
export interface SandboxHealth {
  status: "ok";
  startedAt: string;
  uptimeMs: number;
  /** The sandbox clock's now, which the clock controls move. */
  now: string;
  urls: Record<string, string>;
  stats: Record<string, number>;
}

/**
 * A typed client of the /__sandbox/ routes of a running sandbox: what the CLI commands, the
 * programmatic API and test scripts use. Any of the servers answers every control.
 */
export class ControlsClient {
  constructor(
    readonly baseUrl: string,
    /** The control token, which the controls demand when the sandbox listens off loopback. */
    private readonly token?: string,
  ) {}

  health(): Promise<SandboxHealth> {
    return this.request("GET", "health");
  }

  /** The wallet's OAuth clients (its own control: call it on the wallet's URL). */
  async oauthClients(): Promise<ClientListing[]> {
    return (await this.request<{ clients: ClientListing[] }>("GET", "oauth/clients")).clients;
  }

  /** Registers an OAuth client on the wallet; its secret is in this answer only. */
  addOauthClient(registration: { name: string; redirectUris: string[] }): Promise<ClientListing & { secret: string }> {
    return this.request("POST", "oauth/clients", registration);
  }

  /** The sandbox clock's now and its offset from the system time. */
  clock(): Promise<ClockState> {
    return this.request("GET", "clock");
  }

  /** Moves the clock forward by a duration ("90s", "25h", "8d") or a number of milliseconds. */
  advanceClock(by: string | number): Promise<ClockState> {
    return this.request("POST", "clock", { advance: typeof by === "number" ? `${by}ms` : by });
  }

  /** Moves the clock to a time, past or future (ISO 8601, UTC unless it carries an offset), from where it runs on. */
  setClock(time: string | Date): Promise<ClockState> {
    return this.request("POST", "clock", { set: time instanceof Date ? time.toISOString() : time });
  }

  /** Puts the clock back on the system time. */
  resetClock(): Promise<ClockState> {
    return this.request("POST", "clock", { reset: true });
  }

  /** The faults in place, in the order they are tried. */
  async faults(): Promise<Fault[]> {
    return (await this.request<{ faults: Fault[] }>("GET", "faults")).faults;
  }

  addFault(spec: FaultSpec): Promise<Fault> {
    return this.request("POST", "faults", spec);
  }

  /** Removes one fault, or every one without an id; answers what was removed. */
  async clearFaults(id?: string): Promise<Fault[]> {
    return (await this.request<{ cleared: Fault[] }>("DELETE", id === undefined ? "faults" : `faults/${encodeURIComponent(id)}`)).cleared;
  }

  /** Calls a control; an error answer becomes a SandboxError with the server's code and message. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${CONTROLS_PREFIX}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new SandboxError("sandbox_unreachable", `The sandbox at ${this.baseUrl} did not answer (${(error as Error).message}). Is it still running?`, { status: 502, expected: true, cause: error });
    }
    const text = await response.text();
    const parsed = text === "" ? undefined : (JSON.parse(text) as unknown);
    if (!response.ok) {
      const failure = (parsed ?? {}) as Partial<ErrorBody>;
      throw new SandboxError(failure.code ?? "control_failed", failure.error ?? `${method} ${CONTROLS_PREFIX}${path} answered ${response.status}`, { status: response.status, expected: true, details: failure.details, hint: failure.hint });
    }
    return parsed as T;
  }
}
