import { type H3, H3Event, type H3Route, type H3RouteMeta } from "h3";
import type { RouteContract } from "../contracts/route-contract.ts";

declare module "h3" {
  /** A route's contract (its description at least: the service index lists it). */
  interface H3RouteMeta extends Partial<RouteContract> {}
}

/** The methods a route may be registered for, in the order Allow lists them. */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * The methods the app has a route for at this URL, with HEAD where GET is (the app answers it as
 * GET) and OPTIONS; none when no route has the path. The not-found route, registered for every
 * method (method ""), does not count. h3's own router (`~findRoute`) answers, so Allow never
 * disagrees with how requests are routed.
 */
export function allowedMethods(app: H3, url: URL): string[] {
  const allowed = METHODS.filter((method) =>
    Boolean(app["~findRoute"](new H3Event(new Request(url, { method })))?.data.method),
  );
  return allowed.length > 0
    ? [...allowed.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])), "OPTIONS"]
    : [];
}

export interface RouteListing {
  method: string;
  path: string;
  description: string;
}

/** The app's routes as h3 holds them (`~routes`), in the order they were added, the not-found route left out. */
export function listRoutes(app: H3): RouteListing[] {
  return appRoutes(app).map(({ method, path, meta }) => ({ method, path, description: meta.description ?? "" }));
}

/** The app's routes with their meta, in the order they were added, the not-found route (registered for every method) left out. */
export function appRoutes(app: H3): { method: string; path: string; meta: H3RouteMeta }[] {
  return app["~routes"].flatMap(({ method, route, meta }: H3Route) =>
    method ? [{ method, path: route ?? "", meta: meta ?? {} }] : [],
  );
}

/** The contract of the route that matched the request; a route that reads its request by its contract must have one (without, a bug: a plain Error). */
export function matchedContract(event: H3Event): Partial<RouteContract> {
  const meta = event.context.matchedRoute?.meta;
  if (!meta)
    throw new Error(
      `${event.req.method} ${event.url.pathname} reads its request by a contract, but its route has no meta`,
    );
  return meta;
}
