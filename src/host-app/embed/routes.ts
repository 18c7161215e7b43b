import { getRouterParam, type H3 } from "h3";
import { addEmbedApiRoutes } from "./api-routes.ts";
import { assetResponse } from "./assets.ts";
import type { EmbedDeps } from "./deps.ts";
import { embedPage } from "./embed-page.ts";
import { hostPageFor } from "./host-page.ts";

/** The chat embed preview on the host app: its page, its files, its JSON routes, and the demo host page at GET / for browsers. */
export function addEmbedRoutes(app: H3, deps: EmbedDeps): void {
  // Before the routes, so that GET / stays the JSON index for every client that does not ask for HTML.
  app.use((event) => hostPageFor(event, deps));
  app.get("/embed", (event) => embedPage(event, deps), { meta: { description: "The chat embed page: ?mode=drawer|launcher&endUser=&identity=&session= (a browser page)" } });
  app.get("/embed/assets/:file", (event) => assetResponse(getRouterParam(event, "file") ?? ""), { meta: { description: "The embed's and the demo host page's script and stylesheet" } });
  addEmbedApiRoutes(app, deps);
}
