import type { H3 } from "h3";
import { defineRoute } from "../contracts/route-contract.ts";
import { SERVICE_TAG } from "../http/service-index.ts";
import { type DocumentOptions, openApiDocument } from "./document.ts";

export const OPENAPI_PATH = "/openapi.json";

const OPENAPI = defineRoute({
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

/** GET /openapi.json: the app's document, made when asked (every route is there by then), for the origin the client used. */
export function addOpenApiRoute(app: H3, options: Omit<DocumentOptions, "serverUrl">): void {
  app.get(OPENAPI_PATH, (event) => openApiDocument(app, { ...options, serverUrl: event.url.origin }), {
    meta: OPENAPI,
  });
}
