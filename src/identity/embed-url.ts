import type { SandboxConfig } from "../config/load.ts";
import { EMBED_MODES, EMBED_PATH, type EmbedMode } from "../contracts/host-app/embed.ts";
import { urlHost } from "../host-names.ts";
import { IdentityError } from "./errors.ts";

/** The runtime query parameters of the chat embed URL: layout, end user, identity token and preview session. */
export interface EmbedParams {
  mode: EmbedMode;
  /** The end user's id: the value of {{end_user_id}} and X-End-User-Id. */
  endUser: string;
  /** A signed identity token; signed-in users only. */
  identity?: string;
  /** Preview use only. */
  session?: string;
}

export function parseEmbedMode(text: string): EmbedMode {
  const mode = EMBED_MODES.find((candidate) => candidate === text.trim().toLowerCase());
  if (!mode) throw new IdentityError(`--mode must be ${EMBED_MODES.join(" or ")}; got ${JSON.stringify(text)}.`);
  return mode;
}

/**
 * The embed's base URL: config.embedBase when set; with "auto", /embed on the host app of the
 * sandbox running on the data dir (`runningHostUrl`, from its lock), else on the configured
 * bind address and host port.
 */
export function resolveEmbedBase(
  config: Pick<SandboxConfig, "embedBase" | "bind" | "hostPort">,
  runningHostUrl?: string,
): string {
  if (config.embedBase !== "auto") return config.embedBase;
  if (runningHostUrl) return `${runningHostUrl.replace(/\/+$/, "")}${EMBED_PATH}`;
  if (config.hostPort === 0) {
    throw new IdentityError(
      "The host port is 0 (picked when the sandbox starts) and no sandbox runs on this data dir: start it first, or set --embed-base or HOST_PORT.",
    );
  }
  return `http://${urlHost(config.bind)}:${config.hostPort}${EMBED_PATH}`;
}

const PARAMS = ["mode", "endUser", "identity", "session"] as const;

/** Adds the parameters to the base URL in the order mode, endUser, identity, session; the base's own query stays, except these four names. */
export function buildEmbedUrl(base: string, params: EmbedParams): string {
  const url = new URL(base);
  for (const name of PARAMS) url.searchParams.delete(name);
  for (const name of PARAMS) {
    const value = params[name];
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.href;
}
