import type { H3Event } from "h3";
import type { BodyOf, QueryOf, RouteContract } from "../contracts/route-contract.ts";
import type { JsonSchema } from "../json-schema.ts";
import { checkField } from "./field-check.ts";
import { readJsonObject } from "./json-body.ts";
import { matchedContract } from "./route-table.ts";

/** A JSON body whose fields are checked against the route's body schema as the route reads them. */
export interface BodyFields<B> {
  /** The field, checked (the schema's default when it is absent): a name and a type its contract's schema gives. */
  field<K extends keyof B & string>(name: K): B[K];
}

/**
 * Reads the JSON body of the request (at most the contract's maxBytes) and checks each field
 * against the route's contract when the route reads it: the schema's checks and the route's own
 * take turns in the order the route reads, so the first problem a request has is the one named.
 * The fields' names and types are the contract's: a name it lacks does not compile.
 */
export async function readBody<C extends RouteContract>(event: H3Event, contract: C): Promise<BodyFields<BodyOf<C>>> {
  const body = ownContract(event, contract).body;
  // The route's mistake, not the request's: a bug, so a plain Error (a 500, its stack in the log).
  if (!body) throw new Error(`${event.req.method} ${event.url.pathname} reads a body its contract does not describe`);
  const fields = await readJsonObject(event, body.maxBytes);
  const { properties = {}, required = [] } = body.schema;
  return {
    field: (name) => {
      const schema = described(
        event,
        "body field",
        name,
        Object.hasOwn(properties, name) ? properties[name] : undefined,
      );
      const given = Object.hasOwn(fields, name) ? [fields[name]] : [];
      const isRequired = required.includes(name);
      // checkField answers only a value the field's schema allows, which is what BodyOf reads from the same schema.
      return checkField("body", name, schema, given, isRequired) as BodyOf<C>[typeof name];
    },
  };
}

/** A query parameter, checked against the route's contract: given at most once, and a value its schema allows (typed from it). */
export function queryValue<C extends RouteContract, K extends keyof QueryOf<C> & string>(
  event: H3Event,
  contract: C,
  name: K,
): QueryOf<C>[K] {
  const parameter = ownContract(event, contract).query?.[name];
  const schema = described(event, "query parameter", name, parameter?.schema);
  const given = event.url.searchParams.getAll(name);
  // As for a body field: the value its schema allowed, which QueryOf reads from the same schema.
  return checkField("query", name, schema, given, parameter?.required ?? false) as QueryOf<C>[K];
}

/**
 * The contract a route reads its request by is the one it was registered with (its meta, which h3
 * copies, so they are compared by operationId): another is a bug.
 */
function ownContract<C extends RouteContract>(event: H3Event, contract: C): C {
  if (matchedContract(event).operationId !== contract.operationId)
    throw new Error(`${event.req.method} ${event.url.pathname} reads its request by a contract other than its route's`);
  return contract;
}

/** A route reading what its contract does not describe is the route's mistake, not the request's: a bug, so a plain Error. */
function described(event: H3Event, what: string, name: string, schema: JsonSchema | undefined): JsonSchema {
  if (!schema)
    throw new Error(
      `${event.req.method} ${event.url.pathname} reads the ${what} "${name}", which its contract does not describe`,
    );
  return schema;
}
