import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { messageOf, SandboxError } from "../../errors.ts";
import { actionValidatorOf, validatorOf } from "../../json-validator.ts";
import { SERVICE_NAMES, type ServiceName } from "../../service-names.ts";
import { UNDERSTANDING_SCHEMA, type Understanding } from "./understanding.ts";

/** An agent action as data (fixtures/actions/*.json): what the agent may call, and how. */
export interface ActionDefinition {
  name: string;
  description: string;
  /** Which server it calls. */
  service: ServiceName;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path with {{placeholders}} (URL-encoded when filled) and literals (sent as written). */
  url: string;
  /** Query parameters whose value is a placeholder are left out when it has no value. */
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** JSON body; a value that is exactly "{{name}}" takes the parameter's typed value, or is left out. */
  body?: Record<string, unknown>;
  /** `bff`: the service token and X-End-User-Id; `oauth`: the user's wallet token. */
  auth: "bff" | "oauth";
  /** JSON Schema of the parameters. */
  parameters: { type: "object"; properties: Record<string, Record<string, unknown>>; required?: string[] };
  /** Renames a parameter to the API's name, where they differ. */
  mapping?: Record<string, string>;
  /**
   * JSON Schema of the body a success (2xx) answers with, in the draft the parameters use: an
   * answer it does not allow is said to be off the action's schema, not read as if it were fine.
   */
  response?: Record<string, unknown>;
  /** What the built-in agent's resolver routes and answers with (phrases, how parameters are filled, the answer). */
  understanding?: Understanding;
}

/** Values every action can use besides its parameters. */
export const CONTEXT_PLACEHOLDERS = ["end_user_id", "wallet_prefix"] as const;

/** An action file that cannot be used: the message names the file and the field. */
export class ActionDefinitionError extends SandboxError {
  override name = "ActionDefinitionError";
  constructor(message: string) {
    super("action_definition_invalid", message, { expected: true });
  }
}

const DEFINITION_SCHEMA = {
  type: "object",
  required: ["name", "description", "service", "method", "url", "auth", "parameters"],
  additionalProperties: false,
  properties: {
    name: { type: "string", pattern: "^[a-z][a-z0-9_]*$" },
    description: { type: "string", minLength: 1 },
    service: { enum: [...SERVICE_NAMES] },
    method: { enum: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
    url: { type: "string", pattern: "^(\\{\\{wallet_prefix\\}\\})?/" },
    query: { type: "object", additionalProperties: { type: "string" } },
    headers: { type: "object", additionalProperties: { type: "string" } },
    body: { type: "object" },
    auth: { enum: ["bff", "oauth"] },
    parameters: {
      type: "object",
      required: ["type", "properties"],
      properties: {
        type: { const: "object" },
        properties: { type: "object" },
        required: { type: "array", items: { type: "string" } },
      },
    },
    mapping: { type: "object", additionalProperties: { type: "string" } },
    response: { type: "object" },
    understanding: UNDERSTANDING_SCHEMA,
  },
} as const;

export const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Names the placeholders of a template. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map(([, name = ""]) => name);
}

/**
 * Loads and checks every action of a folder. A broken definition is an error naming the file
 * and the field: invalid JSON, a field of the wrong shape, a parameter schema the validator
 * rejects, or a placeholder that is neither a (mapped) parameter nor a context value.
 */
export async function loadActions(dir: string): Promise<ActionDefinition[]> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch (error) {
    throw new ActionDefinitionError(`Cannot read the actions folder ${dir}: ${messageOf(error)}`);
  }
  const texts: [string, string][] = [];
  for (const file of jsonFiles(dir, files)) texts.push([join(dir, file), await readFile(join(dir, file), "utf8")]);
  return checkActions(texts);
}

/** As loadActions, synchronously (the resolver's default set of actions, read once when first needed). */
export function loadActionsSync(dir: string): ActionDefinition[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch (error) {
    throw new ActionDefinitionError(`Cannot read the actions folder ${dir}: ${messageOf(error)}`);
  }
  return checkActions(jsonFiles(dir, files).map((file) => [join(dir, file), readFileSync(join(dir, file), "utf8")]));
}

function jsonFiles(dir: string, files: string[]): string[] {
  const json = files.filter((name) => name.endsWith(".json")).sort();
  if (json.length === 0) throw new ActionDefinitionError(`The actions folder ${dir} holds no .json definitions`);
  return json;
}

function checkActions(texts: [string, string][]): ActionDefinition[] {
  const actions: ActionDefinition[] = [];
  for (const [path, text] of texts) {
    const action = checkAction(path, text);
    if (actions.some((other) => other.name === action.name))
      throw new ActionDefinitionError(`${path}: "name": another action is already called ${action.name}`);
    actions.push(action);
  }
  return actions;
}

function checkAction(path: string, text: string): ActionDefinition {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ActionDefinitionError(`${path}: not valid JSON (${messageOf(error)})`);
  }
  // Compiled when the first definition is checked, not when the module loads (the host app imports it, and loads actions only at the first question).
  const checkDefinition = validatorOf(DEFINITION_SCHEMA);
  if (!checkDefinition(data)) {
    const [problem] = checkDefinition.errors ?? [];
    const field = problem?.instancePath ? `"${problem.instancePath.slice(1).replaceAll("/", ".")}"` : "the definition";
    const detail =
      problem?.keyword === "additionalProperties"
        ? `has an unknown field "${String(problem.params.additionalProperty)}"`
        : problem?.message;
    throw new ActionDefinitionError(`${path}: ${field} ${detail}`);
  }
  const action = data as unknown as ActionDefinition;
  for (const [field, schema] of [
    ["parameters", action.parameters],
    ["response", action.response],
  ] as const) {
    try {
      if (schema) actionValidatorOf(schema);
    } catch (error) {
      throw new ActionDefinitionError(`${path}: "${field}" is not a valid JSON Schema (${messageOf(error)})`);
    }
  }
  const known = new Set<string>([
    ...CONTEXT_PLACEHOLDERS,
    ...Object.keys(action.parameters.properties).map((name) => action.mapping?.[name] ?? name),
  ]);
  const templates: [string, string][] = [
    ["url", action.url],
    ...Object.entries(action.query ?? {}).map(([name, value]): [string, string] => [`query.${name}`, value]),
    ...Object.entries(action.headers ?? {}).map(([name, value]): [string, string] => [`headers.${name}`, value]),
    ...Object.entries(action.body ?? {})
      .filter((entry): entry is [string, string] => typeof entry[1] === "string")
      .map(([name, value]): [string, string] => [`body.${name}`, value]),
  ];
  for (const [field, template] of templates) {
    const unknown = placeholders(template).find((name) => !known.has(name));
    if (unknown)
      throw new ActionDefinitionError(
        `${path}: "${field}" uses {{${unknown}}}, which is no parameter of the action (parameters: ${[...known].join(", ")})`,
      );
  }
  checkUnderstanding(path, action);
  return action;
}

/** Each parameter filled is a parameter of the action, and each pattern compiles. */
function checkUnderstanding(path: string, action: ActionDefinition): void {
  for (const [name, fill] of Object.entries(action.understanding?.parameters ?? {})) {
    const where = `${path}: "understanding.parameters.${name}"`;
    if (!(name in action.parameters.properties))
      throw new ActionDefinitionError(
        `${where} fills no parameter of the action (parameters: ${Object.keys(action.parameters.properties).join(", ")})`,
      );
    if (fill.from !== "pattern") continue;
    try {
      new RegExp(fill.pattern, "i");
    } catch (error) {
      throw new ActionDefinitionError(`${where}: "pattern" is not a valid regular expression (${messageOf(error)})`);
    }
  }
}
