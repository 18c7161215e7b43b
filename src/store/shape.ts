import type { FromSchema, JsonSchema } from "../json-schema.ts";
import { conforms, validatorOf } from "../json-validator.ts";

/**
 * JSON Schema helpers for the data files' shapes. They keep the literal types of what they are
 * given, so that a stored record's type is read from its schema (FromSchema) instead of written twice.
 */
export const string = { type: "string" } as const;
export const integer = { type: "integer" } as const;
/** A whole number from `minimum` up to the largest one a JSON number holds exactly: counts and amounts in minor units. */
export const safeInteger = (minimum: number) =>
  ({ type: "integer", minimum, maximum: Number.MAX_SAFE_INTEGER }) as const;
export const arrayOf = <const I extends JsonSchema>(items: I) => ({ type: "array", items }) as const;
/** An object with these properties, each required but the `optional` ones. */
export function record<const P extends Readonly<Record<string, JsonSchema>>, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
) {
  const required = Object.keys(properties).filter(
    (key): key is Exclude<keyof P & string, O> => !optional.some((name) => name === key),
  );
  return { type: "object", properties, required } as const;
}

/** What is wrong with data: where (a JSON pointer, "" for the whole) and what ("must be integer"). */
export interface ShapeProblem {
  path: string;
  message: string;
}

/** Data of a shape, or the first problem that keeps it from being of the shape. */
export type Checked<T> = { data: T } | { problem: ShapeProblem };

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
export function shapeCheck<const S extends JsonSchema>(
  schema: S,
  rules: (data: FromSchema<S>) => ShapeProblem | null = () => null,
): (data: unknown) => Checked<FromSchema<S>> {
  return (data) => {
    if (conforms(schema, data)) {
      const problem = rules(data);
      return problem ? { problem } : { data };
    }
    const [error] = validatorOf(schema).errors ?? [];
    return {
      problem: { path: error?.instancePath ?? "", message: error?.message ?? "does not have the expected shape" },
    };
  };
}
