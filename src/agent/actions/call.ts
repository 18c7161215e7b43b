import { sendPlain } from "../../client/send.ts";
import { failWith } from "../../errors.ts";
import { parseJson } from "../../json-text.ts";
import { actionValidatorOf, firstProblem } from "../../json-validator.ts";
import { createMasker } from "../../mask.ts";
import { SERVICE_LABELS, type ServiceUrls } from "../../service-names.ts";
import { AGENT_TEXTS } from "../errors.ts";
import { assertGranted, type WriteGrant } from "../gate/grant.ts";
import { buildRequest } from "./build-request.ts";
import type { ActionDefinition } from "./definition.ts";

/** Where and as whom the agent acts. */
export interface AgentTarget {
  urls: ServiceUrls;
  /** BFF_SERVICE_TOKEN, for `bff` actions. */
  serviceToken: string;
  walletPrefix: string;
  endUserId: string;
  /** Their name, for answers about them. */
  endUserName: string;
  /** The user's wallet token, for `oauth` actions. */
  walletToken(): Promise<string>;
  /** The sandbox clock's now, which the servers' windows ("the last 30 days") count from; the system time when not given. */
  now?(): Promise<Date>;
  /** Sends the agent's requests; the global fetch when not given (the UI passes its recording fetch, so the calls show in its traffic). */
  fetch?: typeof fetch;
}

export interface ActionCall {
  action: string;
  parameters: Record<string, unknown>;
  /** The request as sent, its secrets masked as the journal masks them (mask.ts). */
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  /** `offSchema`: where a success's body departs from the action's `response` schema, when it has one. */
  response: { status: number; body: unknown; offSchema?: string };
}

/**
 * Builds the request (failing before anything is sent when a value is missing), sends it, and
 * keeps both for the transcript. A write needs the pass of the write gate or of an explicit call
 * for these very parameters (gate/grant.ts): without one, nothing is sent.
 */
export async function callAction(
  action: ActionDefinition,
  parameters: Record<string, unknown>,
  target: AgentTarget,
  grant?: WriteGrant,
): Promise<ActionCall> {
  assertGranted(action, parameters, grant);
  const built = buildRequest(action, parameters, { end_user_id: target.endUserId, wallet_prefix: target.walletPrefix });
  const base = target.urls[action.service];
  if (!base)
    failWith(AGENT_TEXTS.serviceNotRunning, {
      values: { action: action.name, service: SERVICE_LABELS[action.service] },
      expected: true,
    });
  const headers: Record<string, string> = { accept: "application/json", ...built.headers };
  if (action.auth === "bff") {
    headers.authorization = `Bearer ${target.serviceToken}`;
    headers["x-end-user-id"] = target.endUserId;
  } else {
    headers.authorization = `Bearer ${await target.walletToken()}`;
  }
  const url = `${base}${built.path}`;
  const init = { method: built.method, headers, body: built.body, signal: AbortSignal.timeout(15_000) };
  const response = await sendPlain(url, init, target.fetch);
  const { text } = response;
  // A body that is no JSON is kept as its text.
  const body = parseJson(text) ?? text;
  const offSchema = response.status < 300 && action.response ? departure(action.response, body) : undefined;
  const masker = createMasker([target.serviceToken]);
  return {
    action: action.name,
    parameters,
    request: {
      method: built.method,
      url: masker.url(url),
      headers: masker.headers(headers),
      // An action sends JSON (build-request.ts).
      ...(built.body ? { body: parseJson(masker.body(built.body, undefined, false)) } : {}),
    },
    response: { status: response.status, body, ...(offSchema ? { offSchema } : {}) },
  };
}

/** Where a body departs from a team's answer schema (a JSON pointer and what was expected); undefined when it matches. */
function departure(schema: Record<string, unknown>, body: unknown): string | undefined {
  const validate = actionValidatorOf(schema);
  return validate(body) ? undefined : firstProblem(validate);
}
