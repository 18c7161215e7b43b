import type { H3 } from "h3";
import { SCENARIO_SCHEMA_PATH, SCENARIO_SCHEMA_ROUTE } from "../contracts/service-routes.ts";
import { SCENARIO_SCHEMA } from "../scenario-schema.ts";

/** GET /scenario.schema.json: the schema of scenario files, on every server, for editors. */
export function addScenarioSchemaRoute(app: H3): void {
  app.get(SCENARIO_SCHEMA_PATH, () => SCENARIO_SCHEMA, { meta: SCENARIO_SCHEMA_ROUTE });
}
