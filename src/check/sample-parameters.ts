import type { ActionDefinition } from "../agent/actions/definition.ts";
import type { ParameterFill } from "../agent/actions/understanding.ts";
import { actionValidatorOf } from "../json-validator.ts";
import type { Product } from "./storefront-data.ts";

/** What values can be drawn from: the catalog, and every text the deployment answered so far. */
export interface Samples {
  catalog: readonly Product[];
  /** Texts of earlier answers (ids, references), in the order they came. */
  seen: readonly string[];
}

/**
 * Values for the action's required parameters, as the agent would resolve them from what the
 * deployment holds: the schema's default, the agent's own default (30d), a product of the
 * catalog, an id found in earlier answers by the parameter's pattern, or the first allowed value. Optional parameters are left out.
 * Answers the name of a required parameter no value was found for, if any.
 */
export function sampleParameters(
  action: ActionDefinition,
  samples: Samples,
): { values: Record<string, unknown> } | { missing: string } {
  const values: Record<string, unknown> = {};
  for (const name of action.parameters.required ?? []) {
    const schema = action.parameters.properties[name] ?? {};
    const fits = actionValidatorOf(schema);
    const value = candidates(schema, action.understanding?.parameters?.[name], samples).find((candidate) =>
      fits(candidate),
    );
    if (value === undefined) return { missing: name };
    values[name] = value;
  }
  return { values };
}

/** Every value worth trying, the likeliest first. */
function candidates(schema: Record<string, unknown>, fill: ParameterFill | undefined, samples: Samples): unknown[] {
  const [product] = samples.catalog;
  const fromFill: unknown[] = [];
  switch (fill?.from) {
    case "period":
      if (fill.default) fromFill.push(fill.default);
      fromFill.push(...Object.keys(fill.values));
      break;
    case "words":
      fromFill.push(...Object.keys(fill.values).map((word) => (schema.type === "boolean" ? word === "true" : word)));
      break;
    case "product":
      if (product) fromFill.push(product.id);
      break;
    case "search":
      if (product) fromFill.push([...product.name.split(/\s+/)].sort((a, b) => b.length - a.length)[0]);
      break;
    case "quantity":
      fromFill.push(1);
      break;
    case "date":
      fromFill.push(new Date().toISOString().slice(0, 10));
      break;
    case "pattern":
      fromFill.push(...found(fill, samples.seen));
      break;
  }
  const byType =
    schema.type === "integer" || schema.type === "number"
      ? [schema.minimum ?? 1]
      : schema.type === "boolean"
        ? [true]
        : [];
  return [schema.default, ...fromFill, ...((schema.enum as unknown[] | undefined) ?? []), ...byType].filter(
    (value) => value !== undefined,
  );
}

/** The values a pattern finds in the texts, formed as the agent forms them (`value` with `$1`…, `case`). */
function found(fill: Extract<ParameterFill, { from: "pattern" }>, seen: readonly string[]): string[] {
  const pattern = new RegExp(fill.pattern, "i");
  return seen.flatMap((text) => {
    const match = pattern.exec(text);
    if (!match) return [];
    const value = fill.value
      ? fill.value.replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? "")
      : match[0];
    return [fill.case === "upper" ? value.toUpperCase() : fill.case === "lower" ? value.toLowerCase() : value];
  });
}

/** Every string in an answer's body, in document order. */
export function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}
