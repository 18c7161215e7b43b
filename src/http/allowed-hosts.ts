import { networkInterfaces } from "node:os";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { errorOf, type SandboxError } from "../errors.ts";
import { isLoopback, parseHost } from "../host-names.ts";

/** The names a server answers to, besides loopback. */
export interface HostPolicy {
  /** The address it listens on: known as a name; 0.0.0.0 or :: make every address of this machine known. */
  bind: string;
  /** More names, each `name` (any port) or `name:port` (that port only), lowercase. */
  allowedHosts: readonly string[];
}

/** The names this machine's own pages use for it; not the rest of 127.0.0.0/8, where other programs may listen on the same port. */
const MACHINE_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Accepted names kept per server: a client uses one or two (localhost, 127.0.0.1); a bound that no flood of names can grow past. */
const ACCEPTED_KEPT = 64;

/**
 * Decides whether a request may be answered. A web page can make a browser send anything to a
 * server on this machine by pointing a name of its own at 127.0.0.1 (DNS rebinding); what it
 * cannot change is the name in Host and Origin. So a server answers only to the names it is
 * known by, whatever the port (a dev proxy or a port forward puts its own): loopback
 * (localhost, 127.x.x.x, [::1]), the bind address (with 0.0.0.0 or ::, every address of this
 * machine) and the names given with --allowed-hosts.
 */
export function createHostCheck(policy: HostPolicy) {
  const allowed = policy.allowedHosts.map((entry) => parseHost(entry)).filter((entry) => entry !== undefined);
  const wildcard = policy.bind === "0.0.0.0" || policy.bind === "::";
  const bind = wildcard ? undefined : parseHost(policy.bind.includes(":") ? `[${policy.bind}]` : policy.bind)?.hostname;

  const isGiven = ({ hostname, port }: { hostname: string; port?: number }): boolean =>
    hostname === bind ||
    allowed.some((entry) => entry.hostname === hostname && (entry.port === undefined || entry.port === port));
  const isNamed = (host: { hostname: string; port?: number }): boolean => isLoopback(host.hostname) || isGiven(host);
  const isKnown = (host: { hostname: string; port?: number }): boolean =>
    isNamed(host) || (wildcard && machineAddresses().has(host.hostname));
  /**
   * Names as clients write them (a Host header) that the rules above accept whatever happens: every
   * request of a client sends the same one, and parsing it again cost each request more than its
   * route. The machine's addresses are not kept: they change (Wi-Fi, VPN), so they are read each time.
   */
  const accepted = new Set<string>();

  return {
    /**
     * The refusal of a request reached by these names (its Host header, and the authority of an
     * absolute-form target), and, when `origin` is given, sent by a page of this Origin (of a
     * known name, on any port); undefined when it may be answered.
     */
    refusal(names: (string | null | undefined)[], origin?: string | null): SandboxError | undefined {
      for (const name of names) {
        if (name === null || name === undefined || accepted.has(name)) continue;
        const parsed = parseHost(name);
        const host = parsed && { hostname: parsed.hostname, port: parsed.port ?? 80 };
        if (!host || !isKnown(host)) {
          return errorOf(HTTP_TEXTS.unknownHost, { values: { host: name } });
        }
        if (isNamed(host) && accepted.size < ACCEPTED_KEPT) accepted.add(name);
      }
      if (origin !== null && origin !== undefined && !isKnownOrigin(origin, isKnown)) {
        return errorOf(HTTP_TEXTS.foreignPage, { values: { origin } });
      }
      return undefined;
    },

    /**
     * Whether `origin` (an Origin header) is a page of the servers themselves: http, on a port
     * one of them listens on (`ports`), by a name of theirs there (localhost, 127.0.0.1, [::1],
     * the bind address, with 0.0.0.0 or :: the machine's addresses, the --allowed-hosts); or a
     * name:port of --allowed-hosts (a proxy or tunnel in front of them), by http or https.
     * Stricter than the Origin check of `refusal`, which takes a known name on any port: a page
     * on another port of localhost, or on 127.0.0.2 (where the servers do not listen), is
     * another program's.
     */
    isOwnOrigin(origin: string, ports: ReadonlySet<number>): boolean {
      const url = URL.parse(origin);
      // As browsers write it, and nothing more: "null", a path or an upper-case name are nobody's.
      if (!url || url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
      const host = parseHost(url.host);
      if (!host) return false;
      const port = host.port ?? (url.protocol === "https:" ? 443 : 80);
      if (allowed.some((entry) => entry.hostname === host.hostname && entry.port === port)) return true;
      if (url.protocol !== "http:" || !ports.has(port)) return false;
      return (
        MACHINE_NAMES.has(host.hostname) ||
        isGiven({ hostname: host.hostname, port }) ||
        (wildcard && machineAddresses().has(host.hostname))
      );
    },
  };
}

function isKnownOrigin(origin: string, isKnown: (host: { hostname: string; port?: number }) => boolean): boolean {
  const url = URL.parse(origin);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return false; // "null" included: an opaque origin is nobody's
  const host = parseHost(url.host);
  return (
    host !== undefined &&
    isKnown({ hostname: host.hostname, port: host.port ?? (url.protocol === "https:" ? 443 : 80) })
  );
}

/** The addresses of this machine's interfaces, as a Host header writes them; read each time, as they change (Wi-Fi, VPN). */
function machineAddresses(): Set<string> {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  return new Set(addresses.map(({ address, family }) => (family === "IPv6" ? `[${address.toLowerCase()}]` : address)));
}
