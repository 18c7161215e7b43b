import type { H3 } from "h3";
import { packageVersion } from "../version.ts";
import type { RouteContract } from "./route-contract.ts";
import { listRoutes } from "./route-table.ts";

/** What a server says about itself at GET /. */
export interface ServiceIndex {
  service: string;
  /** How people call it ("host app"), where its name will not do. */
  label?: string;
  /** Its pages under docs/, as paths in the sandbox's repository (the servers do not serve them). */
  docs: readonly string[];
  /** What GET / answers a browser (text/html preferred to JSON), when the server has such a page. */
  page?: string;
}

export const SERVICE_TAG = { name: "Service", description: "What every server of the sandbox answers: its index, its health and this document." };

const INDEX_BODY = {
  title: "ServiceIndex",
  type: "object",
  required: ["service", "version", "routes", "docs"],
  properties: {
    service: { type: "string", examples: ["storefront"] },
    version: { type: "string", description: "The sandbox's version", examples: ["0.1.0"] },
    routes: {
      type: "array",
      description: "Every route, in the order the server registered them",
      items: { type: "object", required: ["method", "path", "description"], properties: { method: { type: "string" }, path: { type: "string", description: "As the server's router writes it (:id)" }, description: { type: "string" } } },
    },
    docs: { type: "array", items: { type: "string" }, description: "Its pages, as paths in the sandbox's repository", examples: [["docs/storefront-api.md"]] },
  },
} as const;

function indexContract(page: string | undefined): RouteContract {
  const json = { "application/json": INDEX_BODY };
  return {
    description: "This index: the service, its version, its routes and its docs",
    operationId: "getIndex",
    tag: SERVICE_TAG,
    responses: { 200: { description: page ? `The index as JSON; ${page}` : "The index", content: page ? { ...json, "text/html": { type: "string" } } : json } },
  };
}

/** GET /: the service, the sandbox's version, every route the app has (read when asked, so none is missed) and its docs. */
export function addIndexRoute(app: H3, index: ServiceIndex): void {
  const version = packageVersion();
  app.get("/", () => ({ service: index.service, version, routes: listRoutes(app), docs: index.docs }), { meta: indexContract(index.page) });
}
