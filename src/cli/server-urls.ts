import { failWith } from "../errors.ts";
import type { ServiceName, ServiceUrls } from "../service-names.ts";
import { SERVICE_NAMES } from "../service-names.ts";
import { CLI_TEXTS } from "./errors.ts";

/** The servers' base URLs given as flags (--storefront, --wallet, --host), checked: http(s), no query or fragment, no trailing slash. */
export function parseUrls(given: Partial<Record<ServiceName, string>>): ServiceUrls {
  const urls: ServiceUrls = {};
  for (const service of SERVICE_NAMES) {
    const value = given[service];
    if (value === undefined) continue;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {}
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash)
      failWith(CLI_TEXTS.checkServerUrl, { values: { service, value }, expected: true });
    urls[service] = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  }
  return urls;
}
