import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { type ErrorText, failWith, fillText } from "../errors.ts";
import { type JsonSchema, NON_BLANK } from "../json-schema.ts";
import { validatorOf } from "../json-validator.ts";

/** Where a field comes from: a query parameter may come more than once, a body field may not; their texts differ. */
export type Place = "body" | "query";

/** A text of a field's check: the text, what it says of the field (name, limits), and the details its error carries. */
interface FieldRule {
  text: ErrorText;
  values: Readonly<Record<string, string | number>>;
  details(value: unknown): Record<string, unknown>;
}

/** The texts of a field's check: when it is absent (and required), when its value does not match, when it is repeated. */
interface FieldRules {
  missing?: FieldRule;
  invalid?: FieldRule;
  repeated?: FieldRule;
}

/**
 * Checks a field against its schema, with Ajv: `given` holds its values in the request (none when
 * absent, several when a query parameter is repeated). Answers the value, or the schema's default
 * when it is absent; a required field that is absent, or a value the schema refuses, is the 400
 * `validation_error` whose text the schema's kind gives (see fieldRules).
 */
export function checkField(
  place: Place,
  name: string,
  schema: JsonSchema,
  given: readonly unknown[],
  required: boolean,
): unknown {
  const rules = fieldRules(place, name, schema);
  if (given.length > 1) refuse(rules.repeated, name, given[0], { count: given.length });
  if (given.length === 0) {
    if (required) refuse(rules.missing, name, undefined, {});
    return schema.default;
  }
  const [value] = given;
  if (!validatorOf(schema)(value)) refuse(rules.invalid, name, value, { value: String(value), kind: kindOf(value) });
  return value;
}

/** Every text a field's check can answer with, its name and limits filled in (what the request sent stays a {placeholder}), named after the field. */
export function fieldTexts(place: Place, name: string, schema: JsonSchema, required: boolean): ErrorText[] {
  const { missing, invalid, repeated } = fieldRules(place, name, schema);
  const rules = [required ? missing : undefined, invalid, place === "query" ? repeated : undefined].filter(
    (rule) => rule !== undefined,
  );
  const texts = rules.map(({ text, values }) => ({
    ...text,
    name: `${text.name}_${name}`,
    text: fillText(text.text, values),
  }));
  return texts.filter((text, index) => texts.findIndex((other) => other.text === text.text) === index);
}

/**
 * The one place that says which text a schema's check answers with, so that the answers stay as
 * they were before the schemas checked them: a non-blank string, an integer in a range, a choice
 * (a query parameter names what it got, a body field its default), or any string.
 */
function fieldRules(place: Place, name: string, schema: JsonSchema): FieldRules {
  const field =
    (extra: Record<string, unknown> = {}) =>
    () => ({ field: name, ...extra });
  const withValue = (value: unknown) => ({ field: name, value });
  const repeated = { text: HTTP_TEXTS.repeatedQuery, values: { field: name }, details: field() };
  const choices = schema.enum;
  if (Array.isArray(choices)) {
    const allowed = choices.join(", ");
    if (place === "query")
      return {
        repeated,
        invalid: {
          text: HTTP_TEXTS.queryChoice,
          values: { field: name, allowed },
          details: field({ allowed: choices }),
        },
      };
    const fallback = schema.default;
    const invalid: FieldRule =
      fallback === undefined
        ? { text: HTTP_TEXTS.choiceField, values: { field: name, allowed }, details: withValue }
        : {
            text: HTTP_TEXTS.choiceFieldWithDefault,
            values: { field: name, allowed, default: String(fallback) },
            details: withValue,
          };
    return { missing: invalid, invalid };
  }
  if (schema.type === "integer" && typeof schema.minimum === "number" && typeof schema.maximum === "number") {
    const invalid = {
      text: HTTP_TEXTS.integerField,
      values: { field: name, minimum: schema.minimum, maximum: schema.maximum },
      details: withValue,
    };
    return { missing: invalid, invalid };
  }
  if (schema.type === "string" && schema.pattern === NON_BLANK.pattern) {
    const invalid = { text: HTTP_TEXTS.nonBlankField, values: { field: name }, details: field() };
    return { repeated, missing: invalid, invalid };
  }
  if (schema.type === "string") {
    // Every query value is a string: only a body field can be of another type.
    if (place === "query") return { repeated };
    return {
      missing: { text: HTTP_TEXTS.stringFieldMissing, values: { field: name }, details: field() },
      invalid: { text: HTTP_TEXTS.stringField, values: { field: name }, details: field() },
    };
  }
  throw new Error(`The schema of "${name}" has no error text: give it one in fieldRules (src/http/field-check.ts)`);
}

function refuse(
  rule: FieldRule | undefined,
  name: string,
  value: unknown,
  found: Record<string, string | number>,
): never {
  // A schema the field rules do not cover is a bug of the rules, not the request's fault: a plain Error, loud with its stack.
  if (!rule) throw new Error(`The check of "${name}" has no error text for what it found`);
  return failWith(rule.text, { values: { ...rule.values, ...found }, details: rule.details(value) });
}

/** What a value is, as a message names it. */
function kindOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}
