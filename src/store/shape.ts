/**
 * The data files' shapes, and the check that refuses a file of the wrong shape. The shapes use a
 * small part of JSON Schema, which this module checks itself, naming the first problem as Ajv
 * would: loading and compiling Ajv cost every start of the sandbox a tenth of a second or more.
 */
export type Shape =
  | { readonly type: "string" }
  | { readonly type: "integer"; readonly minimum?: number }
  | { readonly enum: readonly string[] }
  | { readonly type: "array"; readonly items: Shape; readonly minItems?: number; readonly maxItems?: number }
  | { readonly type: "object"; readonly properties?: Readonly<Record<string, Shape>>; readonly required?: readonly string[]; readonly additionalProperties?: Shape };

export const string = { type: "string" } as const;
export const integer = { type: "integer" } as const;
export const arrayOf = (items: Shape) => ({ type: "array", items }) as const;
export const record = (properties: Record<string, Shape>, optional: string[] = []) =>
  ({ type: "object", properties, required: Object.keys(properties).filter((key) => !optional.includes(key)) }) as const;

/** What is wrong with data: where (a JSON pointer, "" for the whole) and what ("must be integer"). */
export interface ShapeProblem {
  path: string;
  message: string;
}

/** "/products/3/unitPriceKobo must be integer". */
export function describeProblem(problem: ShapeProblem): string {
  return `${problem.path || "the top level"} ${problem.message}`;
}

/**
 * A check that names the first problem, so that a hand-edited data file (or an imported one)
 * that is valid JSON of the wrong shape is refused instead of failing requests later.
 */
export function shapeCheck(shape: Shape): (data: unknown) => ShapeProblem | null {
  return (data) => problemOf(shape, data, "");
}

function problemOf(shape: Shape, value: unknown, path: string): ShapeProblem | null {
  const at = (message: string) => ({ path, message });
  if ("enum" in shape) return shape.enum.includes(value as string) ? null : at("must be equal to one of the allowed values");
  switch (shape.type) {
    case "string":
      return typeof value === "string" ? null : at("must be string");
    case "integer":
      if (!Number.isInteger(value)) return at("must be integer");
      return shape.minimum !== undefined && (value as number) < shape.minimum ? at(`must be >= ${shape.minimum}`) : null;
    case "array": {
      if (!Array.isArray(value)) return at("must be array");
      if (shape.minItems !== undefined && value.length < shape.minItems) return at(`must NOT have fewer than ${shape.minItems} items`);
      if (shape.maxItems !== undefined && value.length > shape.maxItems) return at(`must NOT have more than ${shape.maxItems} items`);
      for (let index = 0; index < value.length; index++) {
        const problem = problemOf(shape.items, value[index], `${path}/${index}`);
        if (problem) return problem;
      }
      return null;
    }
    case "object": {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return at("must be object");
      const object = value as Record<string, unknown>;
      const missing = shape.required?.find((key) => !Object.hasOwn(object, key));
      if (missing !== undefined) return at(`must have required property '${missing}'`);
      // Ajv's order: the named properties as the shape lists them, then the others as the data has them.
      const properties = shape.properties ?? {};
      for (const [key, child] of Object.entries(properties)) {
        const problem = Object.hasOwn(object, key) ? problemOf(child, object[key], `${path}/${pointerToken(key)}`) : null;
        if (problem) return problem;
      }
      if (!shape.additionalProperties) return null;
      for (const [key, child] of Object.entries(object)) {
        const problem = Object.hasOwn(properties, key) ? null : problemOf(shape.additionalProperties, child, `${path}/${pointerToken(key)}`);
        if (problem) return problem;
      }
      return null;
    }
  }
}

/** A key as a JSON pointer writes it (RFC 6901). */
function pointerToken(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}
