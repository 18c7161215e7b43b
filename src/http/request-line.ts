import type { IncomingMessage } from "node:http";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { errorOf, type SandboxError } from "../errors.ts";

/** How much of a refused target the message quotes: enough to recognise it, not the 16 KiB a request line may hold. */
const TARGET_SHOWN = 100;

/**
 * Why a request cannot be answered, from its request line and Host alone (RFC 9112 §3.2), or
 * undefined. Node passes on any target its parser reads, and what is made of it next is no
 * answer: srvx reads an absolute URL it cannot parse as "/" (so `GET http://[/x` got the index),
 * and `new URL` throws on it. A server answers three forms: origin-form ("/path?query", the
 * usual one, taken without parsing), absolute-form (an http or https URL with a host and no
 * user info, whose host is then checked as Host is) and "*" for OPTIONS. An HTTP/1.1 request must name its host
 * in Host (RFC 9112 §3.2; Node's own refusal of one without had an empty body); HTTP/1.0 may
 * leave it out, and is then a request for the address the connection reached (no browser sends
 * one without Host, so it is no way around the Host check).
 */
export function requestLineRefusal(req: IncomingMessage): SandboxError | undefined {
  if (req.headers.host === undefined && (req.httpVersionMajor > 1 || req.httpVersionMinor > 0)) {
    return errorOf(HTTP_TEXTS.noHost);
  }
  const target = req.url ?? "";
  if (target.startsWith("/") || (target === "*" && req.method === "OPTIONS") || absoluteUrl(target)) return undefined;
  const shown = target.length > TARGET_SHOWN ? `${target.slice(0, TARGET_SHOWN)}…` : target;
  return errorOf(HTTP_TEXTS.badTarget, { values: { target: JSON.stringify(shown) } });
}

/** The path of a target requestLineRefusal let through, and the host it names when it is a URL. */
export function targetParts(target: string): { path: string; host?: string } {
  if (target.startsWith("/")) {
    const query = target.indexOf("?");
    return { path: query === -1 ? target : target.slice(0, query) };
  }
  const url = absoluteUrl(target);
  return url ? { path: url.pathname, host: url.host } : { path: target };
}

function absoluteUrl(target: string): URL | undefined {
  const url = URL.parse(target);
  const web = url?.protocol === "http:" || url?.protocol === "https:";
  // User info has no place in an http URL (RFC 9110 §4.2.4): a recipient treats it as an error.
  return url && web && url.host !== "" && url.username === "" && url.password === "" ? url : undefined;
}
