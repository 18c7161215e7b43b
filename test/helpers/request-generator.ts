import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { OpenApiDocument } from "../../src/openapi/document.ts";

export type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: Schema };
export type Operation = {
  operationId: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

/** One request of an operation: its path, query and body as a generated client fills them. */
export interface Generated {
  name: string;
  path: string;
  query: URLSearchParams;
  body?: { mediaType: string; value: Record<string, unknown> };
}

/** Makes requests from a document: examples where it gives them, else the least value its schemas allow. */
export class RequestGenerator {
  private readonly ajv = new Ajv2020({ strict: false });

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema(document as object, "openapi");
  }

  /** The operation's requests: required parts only, then every part, for each alternative of its body. */
  *requests(template: string, method: string, operation: Operation): Generator<Generated> {
    const pointer = `#/paths/${token(template)}/${method}`;
    const [mediaType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
    const bodies = media ? this.alternatives(media.schema) : [undefined];
    for (const every of [false, true]) {
      for (const [index, body] of bodies.entries()) {
        const bodyPointer = `${pointer}/requestBody/content/${token(mediaType ?? "")}/schema${bodies.length > 1 ? `/oneOf/${index}` : ""}`;
        yield {
          name: `${operation.operationId}${body?.title ? ` ${String(body.title)}` : ""}, ${every ? "every part" : "required parts"}`,
          ...this.parameters(template, pointer, operation, every),
          ...(body && mediaType && { body: { mediaType, value: this.valid(bodyPointer, this.object(body, every)) } }),
        };
      }
    }
  }

  /** The path with its parameters filled in, and the query. */
  private parameters(
    template: string,
    pointer: string,
    operation: Operation,
    every: boolean,
  ): { path: string; query: URLSearchParams } {
    const all = operation.parameters ?? [];
    const values = all
      .filter((parameter) => every || parameter.required)
      .map((parameter) => {
        const value = this.valid(
          `${pointer}/parameters/${all.indexOf(parameter)}/schema`,
          this.value(parameter.schema),
        );
        return [parameter, String(value)] as const;
      });
    let path = template;
    const query = new URLSearchParams();
    for (const [parameter, value] of values) {
      if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
      else query.append(parameter.name, value);
    }
    return { path, query };
  }

  /** The object schemas a body may take: each of a oneOf's (with what the outer schema requires too), or itself. */
  private alternatives(schema: Schema): Schema[] {
    const resolved = this.resolve(schema);
    const choices = resolved.oneOf as Schema[] | undefined;
    if (!choices) return [resolved];
    return choices.map((choice) => {
      const branch = this.resolve(choice);
      const required = [...((resolved.required as string[]) ?? []), ...((branch.required as string[]) ?? [])];
      return { ...branch, required: [...new Set(required)] };
    });
  }

  private object(schema: Schema, every: boolean): Record<string, unknown> {
    const required = (schema.required as string[] | undefined) ?? [];
    return Object.fromEntries(
      Object.entries((schema.properties ?? {}) as Record<string, Schema>)
        .filter(([name]) => every || required.includes(name))
        .map(([name, property]) => [name, this.value(property)]),
    );
  }

  /** A value of the schema: its first example, its const, default or first choice, else the least of its type. */
  private value(given: Schema): unknown {
    const schema = this.resolve(given);
    const examples = schema.examples as unknown[] | undefined;
    if (examples?.length) return examples[0];
    if ("const" in schema) return schema.const;
    if ("default" in schema) return schema.default;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    if (schema.type === "integer" || schema.type === "number") return schema.minimum ?? 0;
    if (schema.type === "boolean") return false;
    if (schema.type === "object") return this.object(schema, false);
    if (schema.type === "array") return [];
    // The shortest string its minLength allows; "x"s, which every pattern of the documents (\S, PKCE's) takes.
    return "x".repeat(Number(schema.minLength ?? 0));
  }

  private resolve(schema: Schema): Schema {
    const ref = schema.$ref;
    if (typeof ref !== "string") return schema;
    const name = ref.slice("#/components/schemas/".length);
    return this.resolve(this.document.components.schemas[name] as Schema);
  }

  /** The generator's own check: what it made is valid by the document's schema at the pointer. */
  private valid<T>(pointer: string, value: T): T {
    const validate = this.ajv.compile({ $ref: `openapi${pointer}` });
    assert.ok(
      validate(value),
      `${pointer}: the value made, ${JSON.stringify(value)}, is not valid (${this.ajv.errorsText(validate.errors)}): give the schema an example`,
    );
    return value;
  }
}

/** A JSON pointer token. */
function token(text: string): string {
  return text.replaceAll("~", "~0").replaceAll("/", "~1");
}
