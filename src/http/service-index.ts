import type { H3 } from "h3";
import type { RouteContract } from "../contracts/route-contract.ts";
import { DOCS_PATH, SERVICE_TAG } from "../contracts/service-routes.ts";
import { packageVersion } from "../version.ts";
import { prefersHtml } from "./accept.ts";
import { listRoutes } from "./route-table.ts";

/** What a server says about itself at GET /. */
export interface ServiceIndex {
  service: string;
  /** How people call it ("host app"), where its name will not do. */
  label?: string;
  /** Its pages under docs/, as paths in the package, which ships them (the servers do not serve them). */
  docs: readonly string[];
  /** What GET / answers a browser (text/html preferred to JSON), when the server has such a page; without one, a browser is sent to the API reference. */
  page?: string;
}

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
      items: {
        type: "object",
        required: ["method", "path", "description"],
        properties: {
          method: { type: "string" },
          path: { type: "string", description: "As the server's router writes it (:id)" },
          description: { type: "string" },
        },
      },
    },
    docs: {
      type: "array",
      items: { type: "string" },
      description:
        "Its pages, as paths in the agent-commerce-sandbox package, which ships them (node_modules/agent-commerce-sandbox/docs/… where it is installed)",
      examples: [["docs/storefront-api.md"]],
    },
  },
} as const;

function indexContract(page: string | undefined): RouteContract {
  const json = { "application/json": INDEX_BODY };
  const responses: RouteContract["responses"] = page
    ? { 200: { description: `The index as JSON; ${page}`, content: { ...json, "text/html": { type: "string" } } } }
    : {
        200: { description: "The index", content: json },
        303: {
          description: `A browser (text/html preferred to JSON) is sent to the API reference, ${DOCS_PATH}`,
          headers: { Location: { description: DOCS_PATH, schema: { type: "string" } } },
        },
      };
  return {
    description: "This index: the service, its version, its routes and its docs",
    details: page
      ? "Lists every route the server has, with its one-line description, and the pages of docs/ about the server. A browser (text/html preferred to JSON) gets the server's own page instead."
      : `Lists every route the server has, with its one-line description, and the pages of docs/ about the server. A browser (text/html preferred to JSON) is sent to the API reference, ${DOCS_PATH}, instead.`,
    operationId: "getIndex",
    tag: SERVICE_TAG,
    responses,
  };
}

/**
 * GET /: the service, the sandbox's version, every route the app has (read when asked, so none is
 * missed) and its docs; a browser is sent to the API reference instead, unless the server has a
 * page of its own for it (the host app's demo page, answered before the routes).
 */
export function addIndexRoute(app: H3, index: ServiceIndex): void {
  const version = packageVersion();
  app.get(
    "/",
    (event) => {
      if (!index.page && prefersHtml(event.req.headers.get("accept")))
        return new Response(null, { status: 303, headers: { location: DOCS_PATH, vary: "accept" } });
      event.res.headers.set("vary", "accept");
      return { service: index.service, version, routes: listRoutes(app), docs: index.docs };
    },
    { meta: indexContract(index.page) },
  );
}
