import type { H3 } from "h3";
import type { ServiceIndex } from "../http/service-index.ts";
import { addDocsRoutes } from "./docs-page.ts";
import { addOpenApiRoute } from "./route.ts";
import { addScenarioSchemaRoute } from "./scenario-schema-route.ts";

/** What describes a service's app: GET /openapi.json (without the routes under `leaveOut`), GET /docs, and the scenario files' schema. */
export function describeRoutes(index: ServiceIndex, leaveOut: string): (app: H3) => void {
  return (app) => {
    addOpenApiRoute(app, { ...index, leaveOut });
    addDocsRoutes(app, index);
    addScenarioSchemaRoute(app);
  };
}
