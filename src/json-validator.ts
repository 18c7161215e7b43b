import { createRequire } from "node:module";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import type { JsonSchema } from "./json-schema.ts";

/**
 * The one Ajv of the servers: it checks the requests' fields (src/http/field-check.ts) and the
 * data files' shapes (src/store/shape.ts), made at its first use. Strict: an unknown keyword, or
 * a keyword's value of the wrong type, fails the compile. The schemas are the sandbox's own
 * constants, so they are not also validated against JSON Schema's meta-schema: compiling it cost
 * every start of the sandbox ~60 ms, for mistakes strict mode refuses already. Ajv itself is
 * loaded then too (~40 ms of a process that only starts a sandbox and stops it).
 */
let ajv: Ajv2020 | undefined;
const validators = new WeakMap<JsonSchema, ValidateFunction>();

/** The validator of a schema, compiled at its first use and kept. */
export function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    ajv ??= newAjv();
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

function newAjv(): Ajv2020 {
  const { Ajv2020 } = createRequire(import.meta.url)("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  return new Ajv2020({ strict: true, validateSchema: false });
}
