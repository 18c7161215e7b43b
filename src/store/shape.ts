import { Ajv, type AnySchema } from "ajv";

const ajv = new Ajv({ allErrors: false, strict: true });

/** JSON Schema helpers for the data files' shapes. */
export const string = { type: "string" } as const;
export const integer = { type: "integer" } as const;
export const arrayOf = (items: AnySchema) => ({ type: "array", items }) as const;
export const record = (properties: Record<string, AnySchema>, optional: string[] = []) =>
  ({ type: "object", properties, required: Object.keys(properties).filter((key) => !optional.includes(key)) }) as const;

/**
 * Compiles a schema into a check that names the first problem ("/products/3/unitPriceKobo must
 * be integer"), so that a hand-edited data file that is valid JSON of the wrong shape stops the
 * start instead of failing requests later.
 */
export function shapeCheck(schema: AnySchema): (data: unknown) => string | null {
  const validate = ajv.compile(schema);
  return (data) => {
    if (validate(data)) return null;
    const [error] = validate.errors ?? [];
    return error ? `${error.instancePath || "the top level"} ${error.message}` : "it does not have the expected shape";
  };
}
