import { buildRequest } from "./build-request.ts";
import type { ActionDefinition } from "./definition.ts";

/** Where and as whom the agent acts. */
export interface AgentTarget {
  urls: { storefront?: string; wallet?: string; host?: string };
  /** BFF_SERVICE_TOKEN, for `bff` actions. */
  serviceToken: string;
  walletPrefix: string;
  endUserId: string;
  /** The user's wallet token, for `oauth` actions. */
  walletToken(): Promise<string>;
}

export interface ActionCall {
  action: string;
  parameters: Record<string, unknown>;
  /** The request as sent, with its secrets redacted. */
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  response: { status: number; body: unknown };
}

/** Builds the request (failing before anything is sent when a value is missing), sends it, and keeps both for the transcript. */
export async function callAction(action: ActionDefinition, parameters: Record<string, unknown>, target: AgentTarget): Promise<ActionCall> {
  const built = buildRequest(action, parameters, { end_user_id: target.endUserId, wallet_prefix: target.walletPrefix });
  const base = target.urls[action.service];
  if (!base) throw new Error(`${action.name} calls the ${action.service}, which is not running`);
  const headers: Record<string, string> = { accept: "application/json", ...built.headers };
  if (action.auth === "bff") {
    headers.authorization = `Bearer ${target.serviceToken}`;
    headers["x-end-user-id"] = target.endUserId;
  } else {
    headers.authorization = `Bearer ${await target.walletToken()}`;
  }
  const url = `${base}${built.path}`;
  const response = await fetch(url, { method: built.method, headers, body: built.body, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  return {
    action: action.name,
    parameters,
    request: { method: built.method, url, headers: redact(headers), ...(built.body ? { body: JSON.parse(built.body) as unknown } : {}) },
    response: { status: response.status, body: parseJson(text) },
  };
}

/** Secrets never reach a transcript: the bearer value is replaced. */
export function redact(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, name.toLowerCase() === "authorization" ? value.replace(/^(\w+)\s+.+$/, "$1 ***") : value]));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
