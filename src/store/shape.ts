import type { JsonSchema } from "../json-schema.ts";
import { validatorOf } from "../json-validator.ts";

/** JSON Schema helpers for the data files' shapes. */
export const string = { type: "string" } as const;
export const integer = { type: "integer" } as const;
/** A whole number from `minimum` up to the largest one a JSON number holds exactly: counts and amounts in minor units. */
export const safeInteger = (minimum: number) =>
  ({ type: "integer", minimum, maximum: Number.MAX_SAFE_INTEGER }) as const;
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
 * A check of a schema, with Ajv (compiled at the first check), then of the rules between the
 * records of data of that shape (src/store/rules.ts), that names the first problem, so that a
 * hand-edited data file (or an imported one) that is valid JSON but not data the routes could
 * have made is refused instead of failing requests later.
 */
export function shapeCheck<T>(
  schema: JsonSchema,
  rules: (data: T) => ShapeProblem | null = () => null,
): (data: unknown) => ShapeProblem | null {
  return (data) => {
    const validate = validatorOf(schema);
    if (validate(data)) return rules(data as T);
    const [error] = validate.errors ?? [];
    return { path: error?.instancePath ?? "", message: error?.message ?? "does not have the expected shape" };
  };
}
