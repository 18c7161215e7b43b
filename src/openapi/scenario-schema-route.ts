import type { H3 } from "h3";
import { defineRoute } from "../contracts/route-contract.ts";
import { SERVICE_TAG } from "../http/service-index.ts";
import { SCENARIO_SCHEMA } from "../scenario-schema.ts";

export const SCENARIO_SCHEMA_PATH = "/scenario.schema.json";

const CONTRACT = defineRoute({
  description: "The JSON Schema of a scenario file (sandbox run)",
  details:
    "What `npx sandbox run` runs: a name, optional data, clock and faults, and steps (request, ask, clock, fault, trigger, waitFor, journal) with expect and capture. Point an editor's YAML or JSON schema setting at this URL to complete and check scenario files; docs/scenarios.md describes each step.",
  operationId: "getScenarioSchema",
  tag: SERVICE_TAG,
  responses: {
    200: {
      description: "The schema (JSON Schema 2020-12)",
      content: { "application/json": { type: "object", description: "A JSON Schema" } },
    },
  },
});

/** GET /scenario.schema.json: the schema of scenario files, on every server, for editors. */
export function addScenarioSchemaRoute(app: H3): void {
  app.get(SCENARIO_SCHEMA_PATH, () => SCENARIO_SCHEMA, { meta: CONTRACT });
}
