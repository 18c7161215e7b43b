import type { H3 } from "h3";
import { OPENAPI, OPENAPI_PATH } from "../contracts/service-routes.ts";
import { type DocumentOptions, openApiDocument } from "./document.ts";

/** GET /openapi.json: the app's document, made when asked (every route is there by then), for the origin the client used. */
export function addOpenApiRoute(app: H3, options: Omit<DocumentOptions, "serverUrl">): void {
  app.get(OPENAPI_PATH, (event) => openApiDocument(app, { ...options, serverUrl: event.url.origin }), {
    meta: OPENAPI,
  });
}
