import { H3Event, type H3 } from "h3";

declare module "h3" {
  interface H3RouteMeta {
    /** What the route does, in one line: the service index (GET /) lists it. */
    readonly description?: string;
  }
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
  const allowed = METHODS.filter((method) => Boolean(app["~findRoute"](new H3Event(new Request(url, { method })))?.data.method));
  return allowed.length > 0 ? [...allowed.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])), "OPTIONS"] : [];
}

export interface RouteListing {
  method: string;
  path: string;
  description: string;
}

/** The app's routes as h3 holds them (`~routes`), in the order they were added, the not-found route left out. */
export function listRoutes(app: H3): RouteListing[] {
  return app["~routes"].flatMap(({ method, route, meta }) => (method ? [{ method, path: route ?? "", description: meta?.description ?? "" }] : []));
}
