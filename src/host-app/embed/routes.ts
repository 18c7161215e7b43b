import { getRouterParam, type H3 } from "h3";
import { EMBED_ASSET, EMBED_PAGE, EMBED_PATH } from "../../contracts/host-app/embed.ts";
import { addEmbedApiRoutes } from "./api-routes.ts";
import { assetResponse } from "./assets.ts";
import type { EmbedDeps } from "./deps.ts";
import { embedPage } from "./embed-page.ts";
import { hostPageFor } from "./host-page.ts";

/** What GET / answers a browser: see hostPageFor. */
export const HOST_PAGE = "a browser (text/html preferred) gets the demo host page, which opens the chat embed";

/** The chat embed preview on the host app: its page, its files, its JSON routes, and the demo host page at GET / for browsers. */
export function addEmbedRoutes(app: H3, deps: EmbedDeps): void {
  // Before the routes, so that GET / stays the JSON index for every client that does not ask for HTML.
  app.use((event) => hostPageFor(event, deps));
  app.get(EMBED_PATH, (event) => embedPage(event, deps), { meta: EMBED_PAGE });
  app.get("/embed/assets/:file", (event) => assetResponse(getRouterParam(event, "file") ?? ""), { meta: EMBED_ASSET });
  addEmbedApiRoutes(app, deps);
}
