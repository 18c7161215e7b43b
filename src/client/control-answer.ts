import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import { ERROR_BODY, errorOf, SandboxError } from "../errors.ts";
import type { FromSchema, JsonSchema } from "../json-schema.ts";
import { parseJson } from "../json-text.ts";
import { checkAnswer } from "./answer.ts";
import { CLIENT_TEXTS } from "./errors.ts";

/** Which control of which sandbox answered, and which event of its stream: what a failure names. */
export interface ControlAnswer {
  base: string;
  method: string;
  /** Under CONTROLS_PREFIX, with its query if any (left out of the name). */
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
  const route = `${method} ${CONTROLS_PREFIX}${path.split("?")[0]}`;
  return event === undefined ? route : `${route} (its ${event} event)`;
}
