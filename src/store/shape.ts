import { Ajv, type AnySchema } from "ajv";

const ajv = new Ajv({ allErrors: false, strict: true });

/** JSON Schema helpers for the data files' shapes. */
export const string = { type: "string" } as const;
export const integer = { type: "integer" } as const;
export const arrayOf = (items: AnySchema) => ({ type: "array", items }) as const;
export const record = (properties: Record<string, AnySchema>, optional: string[] = []) =>
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
 * Compiles a schema into a check that names the first problem, so that a hand-edited data file
 * (or an imported one) that is valid JSON of the wrong shape is refused instead of failing
 * requests later.
 */
export function shapeCheck(schema: AnySchema): (data: unknown) => ShapeProblem | null {
  const validate = ajv.compile(schema);
  return (data) => {
    if (validate(data)) return null;
    const [error] = validate.errors ?? [];
    return { path: error?.instancePath ?? "", message: error?.message ?? "does not have the expected shape" };
  };
}
