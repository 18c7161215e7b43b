import type { H3 } from "h3";
import { bearerToken } from "../auth/bearer.ts";
import { sameSecret } from "../auth/secrets.ts";
import type { SandboxConfig } from "../config/load.ts";
import { failWith } from "../errors.ts";
import { isLoopback } from "../host-names.ts";
import { CONTROL_TEXTS } from "./errors.ts";
import { CONTROLS_PREFIX } from "./prefix.ts";

/**
 * Whether the controls demand the control token: when the servers listen on an address other
 * machines can reach. On loopback only this machine's own programs reach them, and those can
 * read the data dir anyway.
 */
export function controlsNeedToken(config: Pick<SandboxConfig, "bind">): boolean {
  return !isLoopback(config.bind.includes(":") ? `[${config.bind}]` : config.bind);
}

/**
 * Guards every /__sandbox/ route of the app, whichever file adds it: off loopback, a request
 * without `Authorization: Bearer <control token>` gets 401 before any control runs.
 */
export function guardControls(app: H3, config: Pick<SandboxConfig, "bind" | "controlToken">): void {
  if (!controlsNeedToken(config)) return;
  app.use(`${CONTROLS_PREFIX}**`, (event) => {
    const token = bearerToken(event);
    if (token !== null && sameSecret(token, config.controlToken)) return;
    failWith(token === null ? CONTROL_TEXTS.missingControlToken : CONTROL_TEXTS.wrongControlToken, {
      values: { bind: config.bind },
      headers: {
        "www-authenticate": `Bearer realm="sandbox controls"${token === null ? "" : ', error="invalid_token"'}`,
      },
    });
  });
}
