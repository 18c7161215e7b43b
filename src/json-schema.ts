/**
 * A JSON Schema (2020-12, the dialect of OpenAPI 3.1), written `as const` beside the code it
 * describes: requests are checked with it and the OpenAPI documents show it. A schema with a
 * `title` is a named shape: the documents list it once under components.schemas.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The TypeScript type of the values a schema allows, for the keywords the sandbox's schemas use
 * (type, enum, const, properties and required, items and prefixItems, additionalProperties, propertyNames with an
 * enum, oneOf and anyOf where no type is said, and a `$ref` to `#/$defs/<name>` of the `Defs` given), so that a view's type is read from
 * its schema rather than written a second time.
 */
export type FromSchema<S, Defs = Record<never, never>> = S extends {
  readonly $ref: `#/$defs/${infer N extends string & keyof Defs}`;
}
  ? FromSchema<Defs[N], Defs>
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly const: infer C }
      ? C
      : S extends { readonly type: infer T }
        ? OfType<T extends readonly (infer U)[] ? U : T, S, Defs>
        : S extends { readonly oneOf: readonly (infer O)[] }
          ? FromSchema<O, Defs>
          : S extends { readonly anyOf: readonly (infer O)[] }
            ? FromSchema<O, Defs>
            : unknown;

type OfType<T, S, Defs> = T extends "string"
  ? string
  : T extends "integer" | "number"
    ? number
    : T extends "boolean"
      ? boolean
      : T extends "null"
        ? null
        : T extends "array"
          ? OfArray<S, Defs>
          : T extends "object"
            ? OfObject<S, Defs>
            : never;

/** A tuple for `prefixItems` (closed by `items: false`), else an array of its `items`. */
type OfArray<S, Defs> = S extends { readonly prefixItems: infer P extends readonly unknown[] }
  ? [
      ...{ -readonly [K in keyof P]: FromSchema<P[K], Defs> },
      ...(S extends { readonly items: false } ? [] : ItemsOf<S, Defs>),
    ]
  : ItemsOf<S, Defs>;

type ItemsOf<S, Defs> = S extends { readonly items: infer I } ? FromSchema<I, Defs>[] : unknown[];

type OfObject<S, Defs> = S extends { readonly properties: infer P }
  ? Properties<P, S extends { readonly required: readonly (infer R)[] } ? R : never, Defs>
  : S extends { readonly propertyNames: { readonly enum: readonly (infer K extends string)[] } }
    ? Partial<Record<K, S extends { readonly additionalProperties: infer A } ? FromSchema<A, Defs> : unknown>>
    : S extends { readonly additionalProperties: infer A }
      ? Record<string, FromSchema<A, Defs>>
      : Record<string, unknown>;

type Properties<P, R, Defs> = Flat<
  { -readonly [K in keyof P & R]: FromSchema<P[K], Defs> } & {
    -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K], Defs>;
  }
>;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * A string with something besides whitespace in it: a required text field (as `trim() !== ""` reads
 * it). minLength says the least of it again for the tools that do not read patterns.
 */
export const NON_BLANK = { type: "string", minLength: 1, pattern: "\\S" } as const;
