import { createRequire } from "node:module";
import type { Ajv as AjvDraft07 } from "ajv";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import type { FromSchema, JsonSchema } from "./json-schema.ts";

/**
 * The one validator module: every schema is checked through here. The sandbox's own schemas go
 * through `validatorOf`; a team's action schemas through `actionValidatorOf`.
 *
 * The Ajv of the servers: it checks the requests' fields (src/http/field-check.ts) and the
 * data files' shapes (src/store/shape.ts), made at its first use. Strict: an unknown keyword, or
 * a keyword's value of the wrong type, fails the compile. The schemas are the sandbox's own
 * constants, so they are not also validated against JSON Schema's meta-schema: compiling it cost
 * every start of the sandbox ~60 ms, for mistakes strict mode refuses already. Ajv itself is
 * loaded then too (~40 ms of a process that only starts a sandbox and stops it).
 */
type Kind = "first" | "thorough";
const ajvs = new Map<Kind, Ajv2020>();
const validators = {
  first: new WeakMap<JsonSchema, ValidateFunction>(),
  thorough: new WeakMap<JsonSchema, ValidateFunction>(),
};

/**
 * The validator of a schema, compiled at its first use and kept. A document a person wrote (a
 * scenario) is checked `thorough`ly: every problem, each with the data and schema it is about, so
 * that one run names them all, in words of the document's own.
 */
export function validatorOf(schema: JsonSchema, options: { thorough?: boolean } = {}): ValidateFunction {
  const kind: Kind = options.thorough ? "thorough" : "first";
  let validate = validators[kind].get(schema);
  if (!validate) {
    let ajv = ajvs.get(kind);
    if (!ajv) {
      ajv = newAjv(kind);
      ajvs.set(kind, ajv);
    }
    validate = ajv.compile(schema);
    validators[kind].set(schema, validate);
  }
  return validate;
}

/**
 * Whether the data is of the schema's type, as the schema's validator checks it: a guard whose type
 * is read from the schema it checks. Where the data departs is then on `validatorOf(schema).errors`.
 */
export function conforms<const S extends JsonSchema>(schema: S, data: unknown): data is FromSchema<S> {
  return validatorOf(schema)(data);
}

function newAjv(kind: Kind): Ajv2020 {
  const { Ajv2020 } = createRequire(import.meta.url)("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const thorough = kind === "thorough";
  return new Ajv2020({ strict: true, validateSchema: false, allErrors: thorough, verbose: thorough });
}

/** The Ajv of a team's action schemas and what it compiled, with and without filling in defaults. */
const actionAjvs = new Map<boolean, { ajv: AjvDraft07; validators: WeakMap<object, ValidateFunction> }>();

/**
 * The validator of a team's own schema (an action's parameters, in `--actions <dir>`), compiled at
 * its first use and kept. It keeps the draft such schemas declare (draft-07, Ajv's default) and is
 * not strict, since a team's schema may carry keywords of its own (`description`s, `examples`,
 * vendor extensions). With `defaults`, validating fills in each `default` the data lacks. A schema
 * Ajv cannot compile throws, which a definition's check reports.
 */
export function actionValidatorOf(schema: object, options: { defaults?: boolean } = {}): ValidateFunction {
  const defaults = options.defaults === true;
  let kept = actionAjvs.get(defaults);
  if (!kept) {
    const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
    kept = { ajv: new Ajv({ strict: false, allErrors: false, useDefaults: defaults }), validators: new WeakMap() };
    actionAjvs.set(defaults, kept);
  }
  let validate = kept.validators.get(schema);
  if (!validate) {
    validate = kept.ajv.compile(schema);
    kept.validators.set(schema, validate);
  }
  return validate;
}

/** Where the data its last run refused departs first (a JSON pointer, "the body" for the whole, and what was expected). */
export function firstProblem(validate: ValidateFunction): string {
  const [first] = validate.errors ?? [];
  return first ? `${first.instancePath || "the body"} ${first.message}` : "it does not match";
}
