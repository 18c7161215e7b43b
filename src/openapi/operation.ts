import type { Parameter, RouteContract, SecurityScheme } from "../contracts/route-contract.ts";
import { errorResponses } from "./error-responses.ts";

/** An h3 route path in OpenAPI's form: `/api/transactions/:id` → `/api/transactions/{id}`. */
export function openApiPath(route: string): string {
  return route.replace(/:(\w+)/g, "{$1}");
}

/** The Operation Object of a route, and the security schemes it names. */
export function operationOf(
  path: string,
  contract: RouteContract,
): { operation: Record<string, unknown>; schemes: SecurityScheme[] } {
  const alternatives = contract.auth?.alternatives ?? [];
  const described = [...pathParameters(path, contract), ...parameters("query", contract.query)];
  const operation = {
    operationId: contract.operationId,
    summary: contract.description,
    description: contract.details,
    tags: [contract.tag.name],
    // An empty list: anyone may call it.
    security: alternatives.map((schemes) =>
      Object.fromEntries(schemes.map((scheme) => [scheme.name, scheme.scopes ?? []])),
    ),
    ...(described.length > 0 && { parameters: described }),
    ...(contract.body && {
      requestBody: {
        required: true,
        description: contract.body.description,
        content: { [contract.body.mediaType ?? "application/json"]: { schema: contract.body.schema } },
      },
    }),
    responses: mergeResponses(successResponses(contract), errorResponses(contract)),
  };
  return { operation, schemes: alternatives.flat() };
}

/** Each `{name}` of the path, as the contract describes it; a path parameter it does not describe is a mistake of the contract. */
function pathParameters(path: string, contract: RouteContract): Record<string, unknown>[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name = ""]) => name);
  const missing = names.find((name) => !contract.params?.[name]);
  if (missing) throw new Error(`The contract of ${path} does not describe its path parameter "${missing}"`);
  return parameters(
    "path",
    Object.fromEntries(names.map((name) => [name, { ...contract.params![name]!, required: true }])),
  );
}

function parameters(
  place: "path" | "query",
  described: Readonly<Record<string, Parameter>> | undefined,
): Record<string, unknown>[] {
  return Object.entries(described ?? {}).map(([name, { description, schema, required }]) => ({
    name,
    in: place,
    description,
    required: required ?? false,
    schema,
  }));
}

/** Answers and errors by status; where both have a status (an HTML error page and a JSON error), one response with both media types. */
function mergeResponses(
  answers: Record<string, ResponseObject>,
  errors: Record<string, ResponseObject>,
): Record<string, ResponseObject> {
  const merged = { ...answers };
  for (const [status, error] of Object.entries(errors)) {
    const answer = merged[status];
    merged[status] = answer
      ? {
          ...answer,
          description: `${answer.description}; or ${error.description}`,
          content: { ...answer.content, ...error.content },
        }
      : error;
  }
  return merged;
}

type ResponseObject = { description: string; content?: Record<string, unknown> };

function successResponses({ responses }: RouteContract): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        ...(answer.headers && { headers: answer.headers }),
        ...(answer.content && {
          content: Object.fromEntries(Object.entries(answer.content).map(([type, schema]) => [type, { schema }])),
        }),
      },
    ]),
  );
}
