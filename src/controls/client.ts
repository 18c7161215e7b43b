import { SandboxError, type ErrorBody } from "../errors.ts";
import type { ClientListing } from "../wallet/oauth/registry.ts";
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
