import type { ActionDefinition } from "../../agent/actions/definition.ts";

/** One parameter of an action, as the form shows and edits it (read from its JSON Schema). */
export interface FormField {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  /** Values to cycle through with ←/→: the schema's enum, or true/false. */
  choices?: readonly unknown[];
  default?: unknown;
}

/** What the user has set, per parameter: text typed, or a choice picked. Unset parameters are left out. */
export type FormValues = Record<string, unknown>;

export function formFields(action: ActionDefinition): FormField[] {
  const required = new Set(action.parameters.required ?? []);
  return Object.entries(action.parameters.properties).map(([name, schema]) => {
    const type = typeof schema.type === "string" ? schema.type : Array.isArray(schema.enum) ? "enum" : "any";
    const choices = Array.isArray(schema.enum)
      ? (schema.enum as unknown[])
      : type === "boolean"
        ? [true, false]
        : undefined;
    return {
      name,
      type,
      required: required.has(name),
      ...(typeof schema.description === "string" && { description: schema.description }),
      ...(choices && { choices }),
      ...(schema.default !== undefined && { default: schema.default }),
    };
  });
}

/**
 * The next (or previous) choice: an optional parameter cycles through "not set" too, so a value
 * picked by mistake can be taken back.
 */
export function cycleChoice(field: FormField, current: unknown, step: 1 | -1): unknown {
  const options: unknown[] = [...(field.required ? [] : [undefined]), ...(field.choices ?? [])];
  if (options.length === 0) return current;
  const at = options.indexOf(current);
  return options[(Math.max(at, 0) + step + options.length) % options.length];
}

/**
 * Text typed into a field, as the schema's type: "3" is 3 for a number, "true" is true for a
 * boolean. Text that is not one stays text, so the schema check names the problem; empty is unset.
 */
export function typedValue(field: FormField, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if ((field.type === "number" || field.type === "integer") && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (field.type === "boolean" && (trimmed === "true" || trimmed === "false")) return trimmed === "true";
  return text;
}

/** The parameters to call with: only those set (the schema's defaults fill the rest). */
export function formParameters(values: FormValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** How a field's value is drawn: the value, else its default, else a hint of what it takes. */
export function shownValue(field: FormField, value: unknown): { text: string; set: boolean } {
  if (value !== undefined) return { text: String(value), set: true };
  if (field.default !== undefined) return { text: `default ${String(field.default)}`, set: false };
  if (field.choices) return { text: `(not set) ←/→: ${field.choices.map(String).join(" | ")}`, set: false };
  return { text: `(not set) ${field.type}`, set: false };
}
