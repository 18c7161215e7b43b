import { answerOf, RequestFailure, type ServiceClient } from "../../client/service-client.ts";
import { AGENT_ORDERS, AGENT_WALLET } from "../../contracts/agent-routes.ts";
import { CLEAR_SESSION, REGISTER_SESSION } from "../../contracts/agent-sessions.ts";
import { messageOf } from "../../errors.ts";
import type { Login } from "../state/store.ts";

/** The two services that keep agent sessions: the storefront for its BFF routes, the host app for the wallet's. */
export const SESSION_SERVICES = ["storefront", "host"] as const;
export type SessionService = (typeof SESSION_SERVICES)[number];

/** Whose login each registers: the storefront keeps the storefront JWT, the host app the wallet JWT. */
export const LOGIN_FOR_SESSION = { storefront: "storefront", host: "wallet" } as const satisfies Record<
  SessionService,
  "storefront" | "wallet"
>;

/** The BFF call that shows whether the session works: one read-only route on each. */
export const AGENT_PROBE = {
  storefront: { path: "/api/agent/orders", contract: AGENT_ORDERS },
  host: { path: "/api/agent/wallet", contract: AGENT_WALLET },
} as const satisfies Record<SessionService, { path: string; contract: unknown }>;

export type SessionChange = "register" | "clear";

/** One exchange as the screen draws it: what was asked, and the server's answer or its error in one line. */
export interface Exchange {
  request: string;
  ok: boolean;
  answer: string;
  /** The error's code (no_active_session…), when the server gave one. */
  code?: string;
}

/** POST (register) or DELETE (clear) /api/agent/session, as the app does after login and on logout. */
export async function changeSession(
  client: ServiceClient,
  service: SessionService,
  change: SessionChange,
  login: Login,
  signal?: AbortSignal,
): Promise<Exchange> {
  const path = "/api/agent/session";
  const contract = change === "register" ? REGISTER_SESSION : CLEAR_SESSION;
  const request = `${contract.method} ${path}`;
  const body = { userId: login.user.id, ...(change === "register" ? { token: login.token } : {}) };
  return exchange(
    request,
    async () =>
      describeSessionAnswer(answerOf(await client.call(contract, { service, path, body, signal }), service, request)),
    signal,
  );
}

/** Calls the service's BFF route as the agent does: the service token and the user's id in X-End-User-Id. */
export async function tryAgentCall(
  client: ServiceClient,
  service: SessionService,
  serviceToken: string,
  userId: string,
  signal?: AbortSignal,
): Promise<Exchange> {
  const { path, contract } = AGENT_PROBE[service];
  const request = `GET ${path}`;
  const input = { service, path, token: serviceToken, headers: { "x-end-user-id": userId }, signal };
  return exchange(
    request,
    async () => summarize(answerOf(await client.call(contract, input), service, request)),
    signal,
  );
}

/** Whether the session is registered, as far as the agent call tells; undefined when it cannot tell (server down, 503…). */
export function sessionStateFrom(
  change: SessionChange | undefined,
  changed: Exchange | undefined,
  probe: Exchange,
): boolean | undefined {
  if (probe.ok) return true;
  if (probe.code === "no_active_session") return false;
  if (changed?.ok) return change === "register";
  return undefined;
}

async function exchange(request: string, work: () => Promise<string>, signal?: AbortSignal): Promise<Exchange> {
  try {
    return { request, ok: true, answer: await work() };
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      request,
      ok: false,
      answer: messageOf(error),
      code: error instanceof RequestFailure ? error.code : undefined,
    };
  }
}

/** A BFF answer in a few words: how many orders, or the balance and how many transactions. */
function summarize(answer: Record<string, unknown>): string {
  const parts: string[] = [];
  if (Array.isArray(answer.orders)) parts.push(`${answer.orders.length} order${answer.orders.length === 1 ? "" : "s"}`);
  if (typeof answer.balance === "number")
    parts.push(`balance ${answer.balance.toFixed(2)} ${String(answer.currency ?? "")}`.trim());
  if (Array.isArray(answer.transactions)) parts.push(`${answer.transactions.length} transactions`);
  return parts.length > 0 ? parts.join(", ") : JSON.stringify(answer);
}

/** The session route's answer in a few words: its status and until when, or the body as it came. */
function describeSessionAnswer(answer: Record<string, unknown>): string {
  if (typeof answer.status !== "string") return JSON.stringify(answer);
  return typeof answer.expiresAt === "string"
    ? `${answer.status} (the token expires ${answer.expiresAt})`
    : answer.status;
}
