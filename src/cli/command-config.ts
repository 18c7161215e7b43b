import type { Command } from "commander";
import { loadConfig, type SandboxConfig } from "../config/load.ts";
import type { CliIo } from "./io.ts";

/** The flags by which a command other than `start` finds the sandbox's settings. */
export interface ConfigFlags {
  config?: string;
  dataDir?: string;
  embedBase?: string;
  allowedHosts?: string;
  bind?: string;
  hostPort?: string;
}

/** The flags of a command that also prints JSON for scripts. */
export interface JsonConfigFlags extends ConfigFlags {
  json?: boolean;
}

/**
 * --data-dir and --config, as every command that works on a sandbox's data takes them.
 * `dataDir` says what a command wants the dir for, or is false for one that only reads settings.
 */
export function withSandboxOptions(command: Command, options: { dataDir?: string | false } = {}): Command {
  if (options.dataDir !== false)
    command.option(
      "--data-dir <dir>",
      `the sandbox's data dir${options.dataDir ? `, ${options.dataDir}` : ""} (default: as \`sandbox start\`)`,
    );
  return command.option("--config <file>", "settings file, as for `sandbox start`");
}

/** The settings as `sandbox start` would read them, with the few flags these commands take. */
export function loadCommandConfig(flags: ConfigFlags, io: CliIo): Promise<SandboxConfig> {
  const given = {
    ...(flags.dataDir !== undefined && { dataDir: flags.dataDir }),
    ...(flags.embedBase !== undefined && { embedBase: flags.embedBase }),
    ...(flags.allowedHosts !== undefined && { allowedHosts: flags.allowedHosts }),
    ...(flags.bind !== undefined && { bind: flags.bind }),
    ...(flags.hostPort !== undefined && { hostPort: flags.hostPort }),
  };
  return loadConfig({ flags: given, configFile: flags.config, env: io.env, cwd: io.cwd });
}
