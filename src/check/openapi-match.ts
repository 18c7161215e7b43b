import { type ActionDefinition, PLACEHOLDER, placeholders } from "../agent/actions/definition.ts";
import type { OpenApiDocument } from "./openapi.ts";

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  /** The document's path template, as its `paths` key names it. */
  template: string;
  parameters: Parameter[];
  /** The JSON body's schema, if the operation takes one. */
  body?: Schema;
}

/** Headers every client sends, which OpenAPI does not declare as parameters. */
const PROTOCOL_HEADERS = ["accept", "content-type", "authorization"];

/**
 * What in the action does not agree with the service's document: its path and method, the query
 * parameters, headers and body fields it sends (by name, and their allowed values), the
 * parameters the document requires, and placeholders named otherwise than the API's parameter
 * they fill. Answers the problems (none: it agrees) and what was compared.
 */
export function compareAction(
  action: ActionDefinition,
  document: OpenApiDocument,
  walletPrefix: string,
): { problems: string[]; compared: string } {
  const url = action.url.replaceAll(/\{\{\s*wallet_prefix\s*\}\}/g, walletPrefix);
  const [path = "", literal = ""] = url.split("?");
  const operation = findOperation(document, action.method, path);
  if (typeof operation === "string") return { problems: [operation], compared: "" };
  const problems: string[] = [];
  const declared = (where: string) => operation.parameters.filter((parameter) => parameter.in === where);
  const apiValues = new Map<string, Schema | undefined>();
  for (const [name, schema] of Object.entries(action.parameters.properties))
    apiValues.set(action.mapping?.[name] ?? name, schema);

  const query = [...new URLSearchParams(literal).entries(), ...Object.entries(action.query ?? {})];
  for (const [name, template] of query) {
    const parameter = declared("query").find((candidate) => candidate.name === name);
    if (!parameter) {
      problems.push(
        `sends query parameter "${name}", which ${operation.template} does not declare (declared: ${names(declared("query"))})`,
      );
      continue;
    }
    problems.push(...valueProblems(`query parameter "${name}"`, name, template, parameter.schema, apiValues));
  }
  const sentHeaders = new Set(
    [...Object.keys(action.headers ?? {}), ...(action.auth === "bff" ? ["x-end-user-id"] : [])].map((name) =>
      name.toLowerCase(),
    ),
  );
  for (const name of sentHeaders) {
    if (PROTOCOL_HEADERS.includes(name) || name === "x-end-user-id") continue;
    if (!declared("header").some((candidate) => candidate.name.toLowerCase() === name))
      problems.push(`sends header ${name}, which ${operation.template} does not declare`);
  }
  const sentQuery = new Set(query.map(([name]) => name));
  for (const parameter of operation.parameters.filter((candidate) => candidate.required)) {
    const sent =
      parameter.in === "query"
        ? sentQuery.has(parameter.name)
        : parameter.in === "header"
          ? PROTOCOL_HEADERS.includes(parameter.name.toLowerCase()) || sentHeaders.has(parameter.name.toLowerCase())
          : true;
    if (!sent)
      problems.push(
        `does not send the ${parameter.in} parameter "${parameter.name}", which ${operation.template} requires`,
      );
  }
  problems.push(...bodyProblems(action, operation, apiValues));
  const sends = [
    ...(query.length ? [`query ${query.map(([name]) => name).join(", ")}`] : []),
    ...(action.body ? [`body ${Object.keys(action.body).join(", ")}`] : []),
  ];
  return { problems, compared: `${action.method} ${operation.template}${sends.length ? `: ${sends.join("; ")}` : ""}` };
}

/** The operation whose path template matches the action's path (a placeholder segment matches a {template} segment), or why there is none. */
function findOperation(document: OpenApiDocument, method: string, path: string): Operation | string {
  const base = serverPath(document);
  const segments = path.split("/");
  const matches = (template: string) => {
    const parts = `${base}${template}`.split("/");
    return (
      parts.length === segments.length &&
      parts.every((part, index) => {
        const segment = segments[index]!;
        const isTemplate = /^\{[^}]+\}$/.test(part);
        return isTemplate ? segment !== "" : placeholders(segment).length === 0 && part === segment;
      })
    );
  };
  const template = Object.keys(document.paths).find(matches);
  if (template === undefined)
    return `no path of the document matches ${path.replace(PLACEHOLDER, "{$1}")} (paths: ${Object.keys(document.paths).slice(0, 8).join(", ")}${Object.keys(document.paths).length > 8 ? ", …" : ""})`;
  const item = resolve(document, document.paths[template]) as Record<string, unknown>;
  const operation = resolve(document, item[method.toLowerCase()]) as Record<string, unknown> | undefined;
  if (!operation)
    return `${template} has no ${method} (it has ${
      Object.keys(item)
        .filter((key) => /^(get|put|post|delete|patch)$/.test(key))
        .map((key) => key.toUpperCase())
        .join(", ") || "no operation"
    })`;
  const parameters = [...asArray(item.parameters), ...asArray(operation.parameters)].map(
    (parameter) => resolve(document, parameter) as Parameter,
  );
  const requestBody = resolve(document, operation.requestBody) as
    | { content?: Record<string, { schema?: unknown }> }
    | undefined;
  const json = requestBody?.content?.["application/json"]?.schema;
  return { template, parameters, body: json === undefined ? undefined : (resolve(document, json) as Schema) };
}

function bodyProblems(
  action: ActionDefinition,
  operation: Operation,
  apiValues: Map<string, Schema | undefined>,
): string[] {
  if (!action.body) return [];
  if (!operation.body) return [`sends a JSON body, which ${operation.template} does not take`];
  const properties = (operation.body.properties ?? {}) as Record<string, Schema>;
  const problems: string[] = [];
  for (const [name, template] of Object.entries(action.body)) {
    if (!Object.hasOwn(properties, name)) {
      if (operation.body.properties)
        problems.push(
          `sends body field "${name}", which ${operation.template} does not declare (declared: ${Object.keys(properties).join(", ") || "none"})`,
        );
      continue;
    }
    if (typeof template === "string")
      problems.push(...valueProblems(`body field "${name}"`, name, template, properties[name], apiValues));
  }
  const required = (operation.body.required ?? []) as string[];
  for (const name of required)
    if (!Object.hasOwn(action.body, name))
      problems.push(`does not send body field "${name}", which ${operation.template} requires`);
  return problems;
}

/**
 * A value that is one placeholder must be named as the API's parameter (a mapping renames an
 * action parameter otherwise), and the values the action allows must be values the API allows.
 */
function valueProblems(
  what: string,
  apiName: string,
  template: string,
  declared: Schema | undefined,
  apiValues: Map<string, Schema | undefined>,
): string[] {
  const [placeholder, ...more] = placeholders(template);
  const allowed = declared?.enum as unknown[] | undefined;
  if (placeholder === undefined) {
    return allowed && !allowed.map(String).includes(template)
      ? [`${what} is sent as "${template}", which the document does not allow (${allowed.join(", ")})`]
      : [];
  }
  if (more.length > 0 || template.trim() !== `{{${placeholder}}}`) return [];
  if (placeholder !== apiName && apiValues.has(placeholder))
    return [
      `${what} takes {{${placeholder}}}: a placeholder is named as the API's parameter it fills (use {{${apiName}}} and a mapping)`,
    ];
  const own = apiValues.get(placeholder);
  const values = (own?.enum as unknown[] | undefined) ?? (own?.type === "boolean" ? [true, false] : undefined);
  const refused = allowed && values ? values.filter((value) => !allowed.map(String).includes(String(value))) : [];
  return refused.length > 0
    ? [`${what}: the action allows ${refused.join(", ")}, which the document does not (${allowed!.join(", ")})`]
    : [];
}

/** The path part of the document's first server URL, which its paths are relative to. */
function serverPath(document: OpenApiDocument): string {
  const url = document.servers?.[0]?.url;
  if (!url) return "";
  return new URL(url, "http://server.invalid").pathname.replace(/\/+$/, "");
}

/** Follows a local `$ref` (`#/components/…`), a few levels deep. */
function resolve(document: OpenApiDocument, value: unknown, depth = 0): unknown {
  const ref = (value as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/") || depth > 8) return value;
  const target = ref
    .slice(2)
    .split("/")
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key.replaceAll("~1", "/").replaceAll("~0", "~")],
      document,
    );
  return resolve(document, target, depth + 1);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function names(parameters: Parameter[]): string {
  return parameters.map((parameter) => parameter.name).join(", ") || "none";
}
