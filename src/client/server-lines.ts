import { SERVICE_LABELS, SERVICE_NAMES, type ServiceUrls } from "../service-names.ts";

/**
 * A sandbox's servers, one line each: the start banner, `status`, `start --detach` and the
 * terminal UI's Sandbox screen list them alike.
 */
export function serverLines(services: readonly { label: string; url: string }[]): string[] {
  return services.map((service) => `  ${service.label.padEnd(11)} ${service.url}`);
}

/** The servers of a running sandbox's lock, in start order, named as the banner names them. */
export function advertisedServers(urls: ServiceUrls): { label: string; url: string }[] {
  return SERVICE_NAMES.flatMap((name) => {
    const url = urls[name];
    return url ? [{ label: SERVICE_LABELS[name], url }] : [];
  });
}
