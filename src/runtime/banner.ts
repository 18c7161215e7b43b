import { serverLines } from "../client/server-lines.ts";
import { alignColumns } from "../columns.ts";
import type { SandboxConfig } from "../config/load.ts";
import { OPTIONS } from "../config/options.ts";
import { controlsNeedToken } from "../controls/access.ts";
import { dataDirArgument } from "./cli-hints.ts";
import type { Sandbox } from "./sandbox.ts";

/**
 * What `sandbox start` prints once every server listens: where things are and how to sign in;
 * each service adds its own lines. How to stop it is the caller's to add: that depends on how it runs.
 */
export function formatBanner(sandbox: Sandbox): string {
  const users = alignColumns(sandbox.users.map((user) => [user.name, user.email, user.password, user.id])).map(
    (line) => `  ${line}`,
  );
  return [
    `Sandbox running (data: ${sandbox.dataDir})`,
    "",
    ...serverLines(sandbox.services),
    "",
    "Demo users (name, email, password, id):",
    ...users,
    "",
    `BFF service token: ${sandbox.config.bffServiceToken}`,
    ...controlTokenLines(sandbox.config),
    ...sandbox.services.flatMap((service) => service.banner),
    `Terminal UI: npx sandbox ui${dataDirArgument(sandbox.dataDir)} (in another terminal), or start with --ui`,
  ].join("\n");
}

const DEFAULT_CONTROL_TOKEN = OPTIONS.find((option) => option.key === "controlToken")?.default;

/** Off loopback the controls demand the control token: which one, and a word when it is the public default. */
export function controlTokenLines(config: Pick<SandboxConfig, "bind" | "controls" | "controlToken">): string[] {
  if (!config.controls || !controlsNeedToken(config)) return [];
  const warning =
    config.controlToken === DEFAULT_CONTROL_TOKEN
      ? "   (the public development default: set CONTROL_TOKEN to a secret of your own)"
      : "";
  return [`Control token: ${config.controlToken}${warning}`];
}
