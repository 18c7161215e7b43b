import { SandboxError } from "../../errors.ts";
import { actionValidatorOf } from "../../json-validator.ts";
import { type ActionDefinition, CONTEXT_PLACEHOLDERS, PLACEHOLDER, placeholders } from "./definition.ts";

/** A parameter problem found before any request is sent; `missing` names a required one left out. */
export class ActionInputError extends SandboxError {
  override name = "ActionInputError";
  constructor(
    message: string,
    readonly missing?: string,
  ) {
    super("action_input", message, { expected: true });
  }
}

export interface BuiltRequest {
  method: string;
  /** Path and query, to be joined to the service's base URL. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Checks the parameters against the action's JSON Schema (defaults filled in, no coercion:
 * "2" is not 2), renames them by the mapping, and fills the templates. Nothing is sent here,
 * so a missing value fails before any request.
 */
export function buildRequest(
  action: ActionDefinition,
  parameters: Record<string, unknown>,
  context: Record<string, string>,
): BuiltRequest {
  const values = structuredClone(parameters);
  const validate = actionValidatorOf(action.parameters, { defaults: true });
  if (!validate(values)) {
    const [problem] = validate.errors ?? [];
    if (problem?.keyword === "required") {
      const name = String(problem.params.missingProperty);
      throw new ActionInputError(`${action.name} needs "${name}"`, name);
    }
    const where = problem?.instancePath ? `"${problem.instancePath.slice(1)}"` : "the parameters";
    const extra =
      problem?.keyword === "additionalProperties"
        ? ` ("${String(problem.params.additionalProperty)}" is not a parameter of ${action.name})`
        : problem?.keyword === "enum"
          ? `: ${allowedValues(problem.params.allowedValues)}`
          : "";
    throw new ActionInputError(`${action.name}: ${where} ${problem?.message ?? "is invalid"}${extra}`);
  }
  const named: Record<string, unknown> = { ...context };
  for (const [name, value] of Object.entries(values)) named[action.mapping?.[name] ?? name] = value;

  // Parameters are URL-encoded; the context's values (the wallet prefix) are trusted paths, kept as they are.
  const path = fill(action.url, named, "url", (value, name) =>
    CONTEXT_PLACEHOLDERS.some((context) => context === name) ? String(value) : encodeURIComponent(String(value)),
  );
  const query = new URLSearchParams();
  for (const [name, template] of Object.entries(action.query ?? {})) {
    if (placeholders(template).every((placeholder) => named[placeholder] !== undefined))
      query.append(name, fill(template, named, `query.${name}`, String));
  }
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(action.headers ?? {}))
    headers[name] = fill(template, named, `headers.${name}`, String);
  const separator = path.includes("?") ? "&" : "?";
  return {
    method: action.method,
    path: query.size > 0 ? `${path}${separator}${query}` : path,
    headers,
    body: action.body ? JSON.stringify(fillBody(action.body, named)) : undefined,
  };
}

/** The values an enum allows, listed from Ajv's problem. */
function allowedValues(allowed: unknown): string {
  return Array.isArray(allowed) ? allowed.map(String).join(", ") : String(allowed);
}

/** Fills every {{name}}; a placeholder with no value is an error naming it. */
function fill(
  template: string,
  values: Record<string, unknown>,
  field: string,
  encode: (value: unknown, name: string) => string,
): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (values[name] === undefined)
      throw new ActionInputError(`The ${field} template needs {{${name}}}, which has no value`, name);
    return encode(values[name], name);
  });
}

/** A body value that is exactly one placeholder keeps the value's type, or is left out when it has none. */
function fillBody(body: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const [name, template] of Object.entries(body)) {
    if (typeof template !== "string") filled[name] = template;
    else {
      const [, whole] = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/.exec(template) ?? [];
      if (whole) {
        if (values[whole] !== undefined) filled[name] = values[whole];
      } else filled[name] = fill(template, values, `body.${name}`, String);
    }
  }
  return filled;
}
