// The routes every server of the sandbox has, and their paths: here, so that clients (the checker,
// the health probe, the journal's filters) call the same paths the servers register.
import { defineRoute } from "./route-contract.ts";

/** The path of the health checks, which every server answers and a journal filter may leave out. */
export const HEALTH_PATH = "/health";

export const OPENAPI_PATH = "/openapi.json";

export const SCENARIO_SCHEMA_PATH = "/scenario.schema.json";

/** The server's API reference page (src/openapi/docs-page.ts). */
export const DOCS_PATH = "/docs";

export const SCALAR_PATH = "/docs/scalar.js";

export const SERVICE_TAG = {
  name: "Service",
  description: "What every server of the sandbox answers: its index, its health and this document.",
};

/** The bundle's Cache-Control when asked for by its current hash. A year: the page links the bundle with its hash, so a new bundle is a new URL. */
export const SCALAR_CACHE_FOR_A_YEAR = "public, max-age=31536000, immutable";

export const HEALTH = defineRoute({
  description: "Health check: status ok",
  details:
    "Answers as soon as the server takes requests, and checks nothing else: not its data file, not the other servers. `npx sandbox status` asks it of each server.",
  operationId: "getHealth",
  tag: SERVICE_TAG,
  responses: {
    200: {
      description: "The server answers",
      content: {
        "application/json": {
          type: "object",
          required: ["status"],
          properties: { status: { type: "string", const: "ok" } },
        },
      },
    },
  },
});

export const OPENAPI = defineRoute({
  description: "This server's OpenAPI 3.1 document",
  details:
    "Made from the contracts of the server's routes each time it is asked, so that it lists every route (the sandbox's own controls, under /__sandbox/, aside); its server is the origin the request used. `npx sandbox openapi` writes the same documents to files.",
  operationId: "getOpenApiDocument",
  tag: SERVICE_TAG,
  responses: {
    200: {
      description: "The document, its server the URL it was asked at",
      content: { "application/json": { type: "object", description: "An OpenAPI 3.1 document" } },
    },
  },
});

export const SCENARIO_SCHEMA_ROUTE = defineRoute({
  description: "The JSON Schema of a scenario file (sandbox run)",
  details:
    "What `npx sandbox run` runs: a name, optional data, clock and faults, and steps (request, ask, say, clock, fault, trigger, waitFor, journal) with expect and capture. Point an editor's YAML or JSON schema setting at this URL, or at docs/scenario.schema.json in the agent-commerce-sandbox package (the same schema, with no server running), to complete and check scenario files; the package's docs/scenarios.md describes each step.",
  operationId: "getScenarioSchema",
  tag: SERVICE_TAG,
  responses: {
    200: {
      description: "The schema (JSON Schema 2020-12)",
      content: { "application/json": { type: "object", description: "A JSON Schema" } },
    },
  },
});

export const DOCS_PAGE = defineRoute({
  description: "This server's API reference: its OpenAPI document to browse and try (a browser page)",
  details:
    "A page for a browser: the API reference (Scalar) on GET /openapi.json, whose Try it sends requests to this server. Where the server has a login route, a button signs the demo user in and gives the reference the token.",
  operationId: "getDocsPage",
  tag: SERVICE_TAG,
  responses: { 200: { description: "The page", content: { "text/html": { type: "string" } } } },
});

export const SCALAR_BUNDLE = defineRoute({
  description: "The script of the API reference page (Scalar's standalone bundle)",
  details:
    "Scalar's standalone bundle, which the API reference page (GET /docs) loads. Any `v` answers the same script: with the bundle's current hash the answer may be kept a year, without it (or with another) it is revalidated each time with its ETag.",
  operationId: "getDocsScript",
  tag: SERVICE_TAG,
  // Any `v` answers the bundle: only the caching differs.
  checksOwnInput: true,
  query: {
    v: {
      description:
        "The bundle's hash, as the page links it: with the current one the answer may be kept a year, without it it is revalidated each time",
      schema: { type: "string" },
    },
  },
  responses: {
    200: {
      description: "The script",
      content: { "text/javascript": { type: "string" } },
      headers: {
        ETag: {
          description: "The bundle's hash (a strong validator): send it back in If-None-Match",
          schema: { type: "string" },
        },
        "Cache-Control": {
          description: `${SCALAR_CACHE_FOR_A_YEAR} with the current v, no-cache otherwise`,
          schema: { type: "string" },
        },
      },
    },
    304: { description: "If-None-Match named the bundle's ETag: the copy the client holds is the current one" },
  },
});
