import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { H3, H3Event } from "h3";
import { SCALAR_BUNDLE, SCALAR_CACHE_FOR_A_YEAR, SCALAR_PATH } from "../contracts/service-routes.ts";
import { matchesEtag } from "../http/etag.ts";
import { packageFile, RUNNING_SOURCES } from "../package-files.ts";

/** Scalar's standalone bundle: its bytes, and the hash that names this version of them (its ETag, and the `v` of the page's link). */
export interface ScalarBundle {
  body: Uint8Array;
  hash: string;
}

let loading: Promise<ScalarBundle> | undefined;

/**
 * The bundle, read on first use (3.5 MB that a sandbox which never shows its docs should not read
 * at start) and kept. A failed read is tried again next time.
 */
export function scalarBundle(): Promise<ScalarBundle> {
  loading ??= readBundle().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The build's copy (dist/assets/scalar/); running the sources, the vendored file it is copied
 * from (src/openapi/assets/scalar/, so that neither a user nor a build installs the framework
 * Scalar was built with).
 */
function bundleFile(): URL {
  return packageFile(RUNNING_SOURCES ? "src/openapi/assets/scalar/standalone.js" : "dist/assets/scalar/standalone.js");
}

async function readBundle(): Promise<ScalarBundle> {
  const body = await readFile(bundleFile());
  return { body, hash: createHash("sha256").update(body).digest("base64url").slice(0, 22) };
}

/** GET /docs/scalar.js: the bundle, with a strong ETag; 304 to a client that holds it. */
export function addScalarRoute(app: H3): void {
  app.get(SCALAR_PATH, async (event) => bundleResponse(event, await scalarBundle()), { meta: SCALAR_BUNDLE });
}

function bundleResponse(event: H3Event, bundle: ScalarBundle): Response {
  const etag = `"${bundle.hash}"`;
  const headers = {
    etag,
    "cache-control": event.url.searchParams.get("v") === bundle.hash ? SCALAR_CACHE_FOR_A_YEAR : "no-cache",
  };
  if (matchesEtag(event.req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(bundle.body, { headers: { ...headers, "content-type": "text/javascript; charset=utf-8" } });
}
