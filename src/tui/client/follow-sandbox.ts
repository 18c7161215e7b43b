import { SERVICE_NAMES, type ServiceUrls } from "../../service-names.ts";
import type { TuiSettings } from "../settings.ts";

/**
 * Points the UI at the servers' new URLs (a sandbox restarted on the same data dir, on other
 * ports). The URLs object is changed in place: the HTTP client, the agent and the cart stream read
 * it on each call. An embed base built on the old host app moves with it. False when nothing changed.
 */
export function moveToUrls(settings: TuiSettings, next: ServiceUrls): boolean {
  const urls = settings.urls as Record<string, string | undefined>;
  if (SERVICE_NAMES.every((name) => urls[name] === next[name])) return false;
  const oldHost = urls.host;
  for (const name of SERVICE_NAMES) {
    if (next[name]) urls[name] = next[name];
    else delete urls[name];
  }
  if (oldHost && next.host && settings.embedBase.startsWith(oldHost))
    settings.embedBase = next.host + settings.embedBase.slice(oldHost.length);
  return true;
}
