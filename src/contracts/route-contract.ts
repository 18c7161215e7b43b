import type { ErrorText } from "../errors.ts";
import type { FromSchema, JsonSchema } from "../json-schema.ts";

/**
 * What a route takes and answers, declared in src/contracts/ and given to its route as its h3 meta:
 * the route checks its requests with these schemas, the index lists its description, the OpenAPI
 * document is made of them, and clients check the answers they get against them.
 */
export type RouteContract = {
  /** What the route does, in one line: the index (GET /) lists it, the OpenAPI document's summary. */
  readonly description: string;
  /**
   * The rest of what a caller needs to know, the OpenAPI operation's description: above all the
   * rules of the request that its schemas cannot say (between fields, or against what the server
   * holds), so that a client built from the document knows every refusal it may meet.
   */
  readonly details: string;
  /** Its operationId: stable whatever the paths are (the wallet's prefix changes). */
  readonly operationId: string;
  /**
   * Its method, for the routes clients call by their contract (client/service-client.ts `call`);
   * where it is given, the OpenAPI document checks that the route is registered for it.
   */
  readonly method?: Method;
  readonly tag: Tag;
  /** Who may call it; none: anyone. */
  readonly auth?: Guard;
  readonly params?: Readonly<Record<string, Parameter>>;
  readonly query?: Readonly<Record<string, Parameter>>;
  readonly body?: RequestBody;
  /**
   * The route checks its query and body by itself, as a standard says (OAuth answers with pages,
   * redirects and RFC 6749 errors): its schemas only describe them, and no field check answers for it.
   */
  readonly checksOwnInput?: true;
  /** Its answers other than errors, by status. */
  readonly responses: Readonly<Record<number, Answer>>;
  /** The errors of its own checks; those of its guard, its body and query checks, and 500 are added. */
  readonly errors?: readonly ErrorText[];
  /** How its errors are answered, when not in the `{"error","code"}` shape (the token endpoint's RFC 6749 body). */
  readonly errorShape?: ErrorShape;
};

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A group of routes in the OpenAPI document. */
export type Tag = { readonly name: string; readonly description: string };

export type Parameter = {
  readonly description: string;
  readonly schema: JsonSchema;
  readonly required?: boolean;
};

export type RequestBody = {
  readonly description: string;
  /** An object schema; a JSON body's fields are checked against it as the route reads them. */
  readonly schema: ObjectSchema;
  /** JSON unless said otherwise. */
  readonly mediaType?: "application/json" | "application/x-www-form-urlencoded";
  /** Larger bodies are 413; 1 MiB unless said otherwise. */
  readonly maxBytes?: number;
};

/** A JSON object's schema: its fields by name, and those it must have. */
export type ObjectSchema = JsonSchema & {
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
};

/** An answer: its body by media type (none for a redirect), and its headers. */
export type Answer = {
  readonly description: string;
  readonly content?: Readonly<Record<string, JsonSchema>>;
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly schema: JsonSchema }>>;
};

/** A security scheme of the OpenAPI documents, named by the checks that enforce it. */
export type SecurityScheme = {
  /** Its key under components.securitySchemes. */
  readonly name: string;
  /** Its Security Scheme Object, given the URL the document describes (OAuth's endpoints are absolute). */
  readonly scheme: (serverUrl: string) => JsonSchema;
  /** The scopes a route needs (OAuth). */
  readonly scopes?: readonly string[];
};

/** A check of who calls: any one of the alternatives, each of which needs all its schemes, and what it answers a caller it refuses. */
export type Guard = {
  readonly alternatives: readonly (readonly SecurityScheme[])[];
  readonly errors: readonly ErrorText[];
};

/** An error body other than `{"error","code"}`: its schema, and what an error answers in it. */
export type ErrorShape = {
  readonly schema: JsonSchema;
  answer(error: { code: string; status: number; message: string }): {
    status: number;
    body: Readonly<Record<string, unknown>>;
  };
};

/** An answer in JSON, its schema's literal type kept (clients read the answer's type from it). */
export function json<const S extends JsonSchema>(
  description: string,
  schema: S,
): { readonly description: string; readonly content: { readonly "application/json": S } } {
  return { description, content: { "application/json": schema } };
}

/**
 * A route's contract, declared with its literal types kept (a `const` type parameter, as `as const`
 * would), checked against RouteContract but not widened to it: the types of its body fields and
 * query parameters are read from its schemas (BodyOf, QueryOf), and clients read its answers' types.
 */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/**
 * The fields of a contract's JSON body as a route reads them, each typed from its schema: present
 * when the schema requires it or gives a default (the route reads the default when it is absent),
 * else possibly undefined. A contract with no body has no fields to read.
 */
export type BodyOf<C> = C extends { readonly body: { readonly schema: infer S } }
  ? S extends { readonly properties: infer P }
    ? { [K in keyof P & string]: FromSchema<P[K]> | Absent<P[K], K extends RequiredOf<S> ? true : false> }
    : never
  : never;

/** A contract's query parameters, each typed from its schema; undefined when absent and not required. */
export type QueryOf<C> = C extends { readonly query: infer Q }
  ? {
      [K in keyof Q & string]: Q[K] extends { readonly schema: infer S }
        ? FromSchema<S> | Absent<S, Q[K] extends { readonly required: true } ? true : false>
        : never;
    }
  : never;

type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

/** What a field reads when it is absent: nothing when it is required or has a default; undefined otherwise. */
type Absent<S, Required extends boolean> = Required extends true
  ? never
  : S extends { readonly default: unknown }
    ? never
    : undefined;
