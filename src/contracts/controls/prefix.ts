/** Where the sandbox-only routes live on every server: apart from the services' own routes, and closed to web pages (no CORS). */
export const CONTROLS_PREFIX = "/__sandbox/";
