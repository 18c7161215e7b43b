import type { JsonSchema } from "../json-schema.ts";

/**
 * An event stream as the OpenAPI documents describe it: what it sends, and each event type with
 * the schema of its data (JSON), listed in the description and, for tools, under `x-sse-events`.
 */
export function eventStreamSchema(
  description: string,
  events: Readonly<Record<string, { description: string; data: JsonSchema }>>,
): JsonSchema {
  const list = Object.entries(events).map(([name, event]) => `- \`${name}\`: ${event.description}`);
  return {
    type: "string",
    description: [description, "", "Events (`event:` name, `data:` one JSON value):", ...list].join("\n"),
    "x-sse-events": events,
  };
}
