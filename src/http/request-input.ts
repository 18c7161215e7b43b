import type { H3Event } from "h3";
import type { JsonSchema } from "../json-schema.ts";
import { checkField } from "./field-check.ts";
import { readJsonObject } from "./json-body.ts";
import { matchedContract } from "./route-table.ts";

/** A JSON body whose fields are checked against the route's body schema as the route reads them. */
export interface BodyFields {
  /** The field, checked (the schema's default when it is absent); its type is the schema's. */
  field<T = string>(name: string): T;
}

/**
 * Reads the JSON body of the request (at most the contract's maxBytes) and checks each field
 * against the route's contract when the route reads it: the schema's checks and the route's own
 * take turns in the order the route reads, so the first problem a request has is the one named.
 */
export async function readBody(event: H3Event): Promise<BodyFields> {
  const body = matchedContract(event).body;
  // The route's mistake, not the request's: a bug, so a plain Error (a 500, its stack in the log).
  if (!body) throw new Error(`${event.req.method} ${event.url.pathname} reads a body its contract does not describe`);
  const fields = await readJsonObject(event, body.maxBytes);
  const required = (body.schema.required ?? []) as readonly string[];
  return {
    field: <T>(name: string) => {
      const schema = described(
        event,
        "body field",
        name,
        (body.schema.properties as Record<string, JsonSchema> | undefined)?.[name],
      );
      return checkField(
        "body",
        name,
        schema,
        Object.hasOwn(fields, name) ? [fields[name]] : [],
        required.includes(name),
      ) as T;
    },
  };
}

/** A query parameter, checked against the route's contract: given at most once, and a value its schema allows. */
export function queryValue(event: H3Event, name: string): string | undefined {
  const parameter = matchedContract(event).query?.[name];
  const schema = described(event, "query parameter", name, parameter?.schema);
  return checkField("query", name, schema, event.url.searchParams.getAll(name), parameter?.required ?? false) as
    | string
    | undefined;
}

/** A route reading what its contract does not describe is the route's mistake, not the request's: a bug, so a plain Error. */
function described(event: H3Event, what: string, name: string, schema: JsonSchema | undefined): JsonSchema {
  if (!schema)
    throw new Error(
      `${event.req.method} ${event.url.pathname} reads the ${what} "${name}", which its contract does not describe`,
    );
  return schema;
}
