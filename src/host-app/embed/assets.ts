import { readFile } from "node:fs/promises";
import { EMBED_ASSETS } from "../../contracts/host-app/embed.ts";
import { HOST_TEXTS } from "../../contracts/host-app/errors.ts";
import { failWith } from "../../errors.ts";
import { packageFile, RUNNING_SOURCES } from "../../package-files.ts";

/**
 * Where the pages' files live: plain HTML, script and stylesheet, served as written, from
 * ./assets beside this module (the build copies them to dist/assets/embed/). Read on each
 * request, so that a page edited while `npm run dev` runs shows on reload.
 */
const ASSETS_DIR = packageFile(RUNNING_SOURCES ? "src/host-app/embed/assets/" : "dist/assets/embed/");

/** The page templates, read by the page routes (not served as files). */
export type TemplateName = "embed.html" | "host.html";

/** A file of the assets folder, read on each request so that an edited page shows on reload. */
export function readAssetText(name: TemplateName | keyof typeof EMBED_ASSETS): Promise<string> {
  return readFile(new URL(name, ASSETS_DIR), "utf8");
}

/** One of the listed assets, with its type and nosniff (which every answer gets); any other name is a 404. */
export async function assetResponse(name: string): Promise<Response> {
  const type = Object.hasOwn(EMBED_ASSETS, name) ? EMBED_ASSETS[name] : undefined;
  if (!type)
    failWith(HOST_TEXTS.noAsset, {
      values: { name: JSON.stringify(name.slice(0, 80)), assets: Object.keys(EMBED_ASSETS).join(", ") },
    });
  const text = await readAssetText(name);
  return new Response(text, {
    headers: { "content-type": type, "cache-control": "no-cache", "x-content-type-options": "nosniff" },
  });
}
