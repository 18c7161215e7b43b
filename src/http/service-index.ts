import type { H3 } from "h3";
import { packageVersion } from "../version.ts";
import { listRoutes } from "./route-table.ts";

/** What a server says about itself at GET /. */
export interface ServiceIndex {
  service: string;
  /** Its pages under docs/, as paths in the sandbox's repository (the servers do not serve them). */
  docs: readonly string[];
}

/** GET /: the service, the sandbox's version, every route the app has (read when asked, so none is missed) and its docs. */
export function addIndexRoute(app: H3, index: ServiceIndex): void {
  const version = packageVersion();
  app.get("/", () => ({ service: index.service, version, routes: listRoutes(app), docs: index.docs }), {
    meta: { description: "This index: the service, its version, its routes and its docs" },
  });
}
