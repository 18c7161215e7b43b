import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import type { SandboxConfig } from "../config/load.ts";
import { failWith } from "../errors.ts";
import { resolveEmbedBase } from "../identity/index.ts";
import type { ServiceUrls } from "../service-names.ts";
import type { TuiSettings } from "../tui/settings.ts";
import { loadDemoUsers } from "../users.ts";
import { CLI_TEXTS } from "./errors.ts";
import type { Cli, CliIo } from "./io.ts";

/** The UI's settings: the servers it talks to, and the agent's and host backend's secrets from the sandbox's settings. */
export async function tuiSettings(
  config: SandboxConfig,
  urls: ServiceUrls,
  io: CliIo,
  actionsDir = DEFAULT_ACTIONS_DIR,
): Promise<TuiSettings> {
  return {
    urls,
    users: await loadDemoUsers(),
    serviceToken: config.bffServiceToken,
    signingSecret: config.signingSecret,
    identityMaxLifetimeSeconds: config.identityMaxLifetime / 1000,
    walletPrefix: config.walletPrefix,
    controlToken: config.controlToken,
    embedBase: config.embedBase === "auto" && !urls.host ? "" : resolveEmbedBase(config, urls.host),
    actionsDir,
    // https://no-color.org: any non-empty value.
    noColor: Boolean(io.env.NO_COLOR),
  };
}

/** The terminal the UI needs: stdin and stdout both a TTY, or one line saying so (exit 2). */
export function requireTerminal(io: CliIo, command: string): { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream } {
  const stdin = io.stdin as NodeJS.ReadStream | undefined;
  const stdout = io.stdout as NodeJS.WriteStream;
  if (!stdin?.isTTY || !stdout.isTTY) {
    failWith(CLI_TEXTS.needsTerminal, { values: { command }, expected: true });
  }
  return { stdin, stdout };
}

/** How long a quit UI's process may still wait for what it started (a request to a slow server, a closing socket). */
const QUIT_GRACE_MS = 1000;

/**
 * Once the person has quit the UI, the process ends within a second, whatever is still pending:
 * the shell must come back at once, not when a slow server or a keep-alive socket lets go. Only
 * for the real process (the terminal is process.stdin): in-process runs are left alone.
 */
export function endSoonAfterQuit(cli: Cli, terminal: { stdin: NodeJS.ReadStream }): void {
  if (terminal.stdin !== process.stdin) return;
  setTimeout(() => process.exit(cli.exitCode), QUIT_GRACE_MS).unref();
}
