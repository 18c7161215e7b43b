import type { ErrorObject } from "ajv/dist/2020.js";
import { SCENARIO_SCHEMA, STEP_ACTIONS } from "../scenario-schema.ts";

/**
 * The schema's problems with a scenario (from a thorough validator: every error, verbose), one line
 * each at its JSON pointer, in the scenario's words rather than the schema's. A choice that failed
 * (oneOf, anyOf) is said once, by what it allows: the errors of its branches, each a guess at what
 * was meant, say less.
 */
export function schemaProblems(errors: readonly ErrorObject[]): string[] {
  const choices = errors.filter((error) => error.keyword === "oneOf" || error.keyword === "anyOf");
  const within = (error: ErrorObject, choice: ErrorObject) =>
    error.schemaPath.startsWith(`${choice.schemaPath}/`) &&
    (error.instancePath === choice.instancePath || error.instancePath.startsWith(`${choice.instancePath}/`));
  const unknownAt = new Set(
    errors.filter((error) => error.keyword === "additionalProperties").map((error) => error.instancePath),
  );
  const lines = errors.flatMap((error) => {
    if (error.keyword === "if" || error.keyword === "propertyNames") return [];
    if (choices.some((choice) => choice !== error && within(error, choice))) return [];
    if (choices.includes(error)) {
      return choiceProblem(
        error,
        errors.filter((inner) => within(inner, error)),
        unknownAt,
      );
    }
    return [problem(error)];
  });
  return [...new Set(lines)];
}

/** What a failed choice allows; for a step, which actions it has. */
function choiceProblem(choice: ErrorObject, inner: readonly ErrorObject[], unknownAt: ReadonlySet<string>): string[] {
  const where = choice.instancePath || "/";
  if (choice.parentSchema === SCENARIO_SCHEMA.$defs.step) {
    // A step that is no object at all is said by its type.
    if (choice.data === null || typeof choice.data !== "object") return [];
    const actions = STEP_ACTIONS.filter((action) => action in (choice.data as object));
    // A misspelt action ("reqest") is said as the unknown property it is.
    if (actions.length === 0 && unknownAt.has(choice.instancePath)) return [];
    return [
      `${where}: a step does one of ${STEP_ACTIONS.join(", ")}; this one does ${actions.length === 0 ? "none" : actions.join(" and ")}`,
    ];
  }
  const notSelector = inner.find((error) => error.propertyName !== undefined && patternOf(error) === "^\\$");
  if (notSelector) return [selectorProblem(where, notSelector.propertyName as string)];
  const description = (choice.parentSchema as { description?: string } | undefined)?.description;
  return [`${where}: must be ${description ? lowerFirst(description) : "one of the forms the schema allows"}`];
}

function problem(error: ErrorObject): string {
  const where = error.instancePath || "/";
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[]; allowedValue?: unknown };
  if (error.propertyName !== undefined)
    return patternOf(error) === "^\\$"
      ? selectorProblem(where, error.propertyName)
      : `${where}: "${error.propertyName}" is no variable name: use letters, digits and _ (order_id)`;
  if (error.keyword === "additionalProperties") return `${where}: unknown property "${params.additionalProperty}"`;
  // A `not` says in its description what may not be together.
  if (error.keyword === "not")
    return `${where}: ${(error.parentSchema as { description?: string } | undefined)?.description ?? error.message}`;
  if (error.keyword === "enum")
    return `${where}: must be one of ${params.allowedValues?.map((value) => JSON.stringify(value)).join(", ")}`;
  if (error.keyword === "const") return `${where}: must be ${JSON.stringify(params.allowedValue)}`;
  if (error.keyword === "pattern") {
    if (patternOf(error) === "^/") return `${where}: must be a path, starting with /`;
    const description = (error.parentSchema as { description?: string } | undefined)?.description;
    if (description) return `${where}: must be ${lowerFirst(description)}`;
  }
  return `${where}: ${error.message}`;
}

function selectorProblem(where: string, name: string): string {
  return `${where}: "${name}" is no selector: a selector starts with $ ($.items.length, $.items[0].name)`;
}

function patternOf(error: ErrorObject): string | undefined {
  return (error.params as { pattern?: string }).pattern;
}

function lowerFirst(text: string): string {
  return /^[A-Z](?![A-Z])/.test(text) ? `${text[0]?.toLowerCase()}${text.slice(1)}` : text;
}
