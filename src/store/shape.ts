import type { JsonSchema } from "../json-schema.ts";
import { validatorOf } from "../json-validator.ts";

/** JSON Schema helpers for the data files' shapes. */
export const string = { type: "string" } as const;
export const integer = { type: "integer" } as const;
export const arrayOf = (items: JsonSchema) => ({ type: "array", items }) as const;
export const record = (properties: Record<string, JsonSchema>, optional: string[] = []) =>
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
 * A check of a schema, with Ajv (compiled at the first check), that names the first problem, so
 * that a hand-edited data file (or an imported one) that is valid JSON of the wrong shape is
 * refused instead of failing requests later.
 */
export function shapeCheck(schema: JsonSchema): (data: unknown) => ShapeProblem | null {
  return (data) => {
    const validate = validatorOf(schema);
    if (validate(data)) return null;
    const [error] = validate.errors ?? [];
    return { path: error?.instancePath ?? "", message: error?.message ?? "does not have the expected shape" };
  };
}
