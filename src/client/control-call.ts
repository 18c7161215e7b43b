import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import type { ControlContract } from "../contracts/controls/routes.ts";
import { ERROR_BODY, errorOf, SandboxError } from "../errors.ts";
import type { FromSchema, JsonSchema } from "../json-schema.ts";
import { parseJson } from "../json-text.ts";
import { checkAnswer } from "./answer.ts";
import { connectionProblem } from "./connection.ts";
import { CLIENT_TEXTS } from "./errors.ts";

/** Which sandbox a control is sent to, and the control token it demands off loopback. */
export interface ControlTarget {
  baseUrl: string;
  token?: string;
}

/** What a control is called with besides its contract. */
export interface ControlInput {
  /** A value for each `:name` segment of its path. */
  params?: Readonly<Record<string, string>>;
  query?: string | URLSearchParams;
  /** Sent as JSON. */
  body?: unknown;
}

/**
 * Calls a control by its contract, and answers its body once it matched `schema` (the contract's
 * answer, or the one of its answers the request asks for). An error answer becomes a SandboxError
 * with the server's code and message; a body off the schema, one coded answer_off_contract that
 * names the control and where the body departs.
 */
export async function callControl<const S extends JsonSchema>(
  target: ControlTarget,
  contract: ControlContract,
  input: ControlInput,
  schema: S,
): Promise<FromSchema<S>> {
  const response = await sendControl(target, contract, input, "application/json");
  const text = await response.text();
  const answered = { base: target.baseUrl, method: contract.method, path: contract.path };
  if (!response.ok) throw controlRefusal(response, text, answered);
  return readControlAnswer(text, schema, answered);
}

/** Sends a control to the sandbox; a sandbox that does not answer is a SandboxError coded sandbox_unreachable. */
export async function sendControl(
  target: ControlTarget,
  contract: ControlContract,
  input: ControlInput,
  accept: string,
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (input.body !== undefined) headers["content-type"] = "application/json";
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const query = input.query === undefined ? "" : `?${input.query}`;
  const url = `${target.baseUrl}${CONTROLS_PREFIX}${fillPath(contract.path, input.params)}${query}`;
  const body = input.body === undefined ? undefined : JSON.stringify(input.body);
  try {
    return await fetch(url, { method: contract.method, headers, body, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SandboxError(
      "sandbox_unreachable",
      `The sandbox at ${target.baseUrl} did not answer (${connectionProblem(error)}). Is it still running?`,
      { expected: true, cause: error },
    );
  }
}

/** A control's path with each `:name` segment filled from `params`, encoded. */
function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`The control ${path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}

/** Which control of which sandbox answered, and which event of its stream: what a failure names. */
export interface ControlAnswer {
  base: string;
  method: string;
  /** Under CONTROLS_PREFIX, as its contract writes it. */
  path: string;
  /** For an event of a stream: its name. */
  event?: string;
}

/**
 * A control's answer (a body, or an event's data) as the control's schema types it; a SandboxError
 * coded answer_off_contract, naming the control and where the answer departs, when it is not JSON
 * or does not match.
 */
export function readControlAnswer<const S extends JsonSchema>(
  text: string,
  schema: S,
  answered: ControlAnswer,
): FromSchema<S> {
  const value = parseJson(text);
  const answer =
    value === undefined ? { ok: false as const, mismatch: "the body is not JSON" } : checkAnswer(value, schema);
  if (answer.ok) return answer.value;
  throw errorOf(CLIENT_TEXTS.offContract, {
    values: { label: "server", base: answered.base, route: routeOf(answered), mismatch: answer.mismatch },
    expected: true,
  });
}

/**
 * A control's error answer as a SandboxError: the server's code, message, details and hint when
 * its body is the error body; coded control_failed with its status otherwise (a proxy's page, say).
 */
export function controlRefusal(response: Response, text: string, answered: ControlAnswer): SandboxError {
  const { status, statusText } = response;
  const failure = checkAnswer(parseJson(text), ERROR_BODY);
  if (!failure.ok) {
    const said = `${routeOf(answered)} answered ${status}${statusText ? ` ${statusText}` : ""}`;
    return new SandboxError("control_failed", said, { status, expected: true });
  }
  const { code, error, details, hint } = failure.value;
  return new SandboxError(code, error, { status, expected: true, details, hint });
}

function routeOf({ method, path, event }: ControlAnswer): string {
  const route = `${method} ${CONTROLS_PREFIX}${path}`;
  return event === undefined ? route : `${route} (its ${event} event)`;
}
