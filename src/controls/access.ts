import type { H3, H3Event } from "h3";
import { bearerToken } from "../auth/bearer.ts";
import { sameSecret } from "../auth/secrets.ts";
import type { SandboxConfig } from "../config/load.ts";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import { failWith } from "../errors.ts";
import { isLoopback } from "../host-names.ts";
import { createHostCheck } from "../http/allowed-hosts.ts";
import { isJsonType } from "../http/json-body.ts";
import type { Controls } from "./controls.ts";

/**
 * Whether the controls demand the control token: when the servers listen on an address other
 * machines can reach. On loopback only this machine's own programs reach them, and those can
 * read the data dir anyway.
 */
export function controlsNeedToken(config: Pick<SandboxConfig, "bind">): boolean {
  return !isLoopback(config.bind.includes(":") ? `[${config.bind}]` : config.bind);
}

/** What a browser says of a request's sender (Fetch Metadata) when a page of another site sent it. */
const OTHER_SITES = new Set(["cross-site", "same-site"]);

/** The methods of the controls that only read. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Guards every /__sandbox/ route of the app, whichever file adds it, before any control runs:
 * - a web page may not use them: a request with an Origin other than one of the sandbox's own
 *   servers, or that the browser marks as sent by another site (Sec-Fetch-Site), gets 403. A
 *   page on another port of localhost is another site's, though it runs on this machine;
 * - off loopback, a request without `Authorization: Bearer <control token>` gets 401;
 * - a control that changes something takes a JSON body or none (415): a browser sends a text or
 *   form body without asking first (a "simple" request), but never JSON.
 * Programs (the CLI, ControlsClient, the TUI, curl) send no Origin, and JSON.
 */
export function guardControls(app: H3, controls: Pick<Controls, "config" | "urls">): void {
  const { config } = controls;
  const needsToken = controlsNeedToken(config);
  const hosts = createHostCheck({ bind: config.bind, allowedHosts: config.allowedHosts });
  // Added once every server listens: the ports they got.
  const ports = new Set(Object.values(controls.urls).map((url) => Number(new URL(url).port)));
  const ownOrigins = Object.values(controls.urls).join(", ");
  app.use(`${CONTROLS_PREFIX}**`, (event) => {
    refuseOtherPages(event, (origin) => hosts.isOwnOrigin(origin, ports), ownOrigins);
    if (needsToken) checkToken(event, config);
    if (!READS.has(event.req.method)) refuseOtherBodies(event);
  });
}

function refuseOtherPages(event: H3Event, isOwn: (origin: string) => boolean, ownOrigins: string): void {
  const site = event.req.headers.get("sec-fetch-site");
  if (site !== null && OTHER_SITES.has(site)) failWith(CONTROL_TEXTS.otherSite, { values: { site } });
  const origin = event.req.headers.get("origin");
  if (origin !== null && !isOwn(origin)) {
    failWith(CONTROL_TEXTS.foreignOrigin, { values: { origin: origin.slice(0, 120), own: ownOrigins } });
  }
}

function checkToken(event: H3Event, config: Pick<SandboxConfig, "bind" | "controlToken">): void {
  const token = bearerToken(event);
  if (token !== null && sameSecret(token, config.controlToken)) return;
  failWith(token === null ? CONTROL_TEXTS.missingControlToken : CONTROL_TEXTS.wrongControlToken, {
    values: { bind: config.bind },
    headers: {
      "www-authenticate": `Bearer realm="sandbox controls"${token === null ? "" : ', error="invalid_token"'}`,
    },
  });
}

/** A Content-Type other than JSON's, or a body without one; a control that takes no body may be sent none. */
function refuseOtherBodies(event: H3Event): void {
  const { headers } = event.req;
  const type = headers.get("content-type");
  const hasBody = Number(headers.get("content-length") ?? 0) > 0 || headers.has("transfer-encoding");
  if (type === null ? hasBody : !isJsonType(type)) {
    const got = type === null ? "a body without a Content-Type" : `Content-Type: ${type.slice(0, 120)}`;
    failWith(CONTROL_TEXTS.notJsonControl, { values: { type: got } });
  }
}
