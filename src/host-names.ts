import { isIPv4 } from "node:net";

/** The host as a URL names it: a listen-everywhere address becomes loopback, IPv6 goes in brackets. */
export function urlHost(bind: string): string {
  const shown = bind === "0.0.0.0" ? "127.0.0.1" : bind === "::" ? "::1" : bind;
  return shown.includes(":") ? `[${shown}]` : shown;
}

/** A host as Host headers and URLs write it: a DNS name, IPv4 or [IPv6], then an optional port. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?::(\d{1,5}))?$/;

/** `name[:port]` split, lowercased; undefined when it is not a host. */
export function parseHost(text: string): { hostname: string; port?: number } | undefined {
  const match = HOST.exec(text.trim().toLowerCase());
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { hostname: match[1]!, port };
}

/** localhost, 127.x.x.x or [::1], as a Host header writes them. */
export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || (isIPv4(hostname) && hostname.startsWith("127."));
}
