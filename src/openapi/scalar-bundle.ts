import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { H3, H3Event } from "h3";
import { defineRoute } from "../contracts/route-contract.ts";
import { matchesEtag } from "../http/etag.ts";
import { SERVICE_TAG } from "../http/service-index.ts";
import { packageFile, RUNNING_SOURCES } from "../package-files.ts";

export const SCALAR_PATH = "/docs/scalar.js";

/** Scalar's standalone bundle: its bytes, and the hash that names this version of them (its ETag, and the `v` of the page's link). */
export interface ScalarBundle {
  body: Uint8Array;
  hash: string;
}

/** A year: the page links the bundle with its hash, so a new bundle is a new URL. */
const IMMUTABLE = "public, max-age=31536000, immutable";

const SCALAR_BUNDLE = defineRoute({
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
          description: `${IMMUTABLE} with the current v, no-cache otherwise`,
          schema: { type: "string" },
        },
      },
    },
    304: { description: "If-None-Match named the bundle's ETag: the copy the client holds is the current one" },
  },
});

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
 * The build's copy (dist/assets/scalar/, which `npm run build` takes from the dev dependency, so
 * that no user installs the framework it was built with); running the sources, the dev
 * dependency itself.
 */
function bundleFile(): string | URL {
  return RUNNING_SOURCES
    ? createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js")
    : packageFile("dist/assets/scalar/standalone.js");
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
  const headers = { etag, "cache-control": event.url.searchParams.get("v") === bundle.hash ? IMMUTABLE : "no-cache" };
  if (matchesEtag(event.req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(bundle.body, { headers: { ...headers, "content-type": "text/javascript; charset=utf-8" } });
}
