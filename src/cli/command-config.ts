import type { Command } from "commander";
import { loadConfig, type SandboxConfig } from "../config/load.ts";

/** The flags by which a command other than `start` finds the sandbox's settings. */
export interface ConfigFlags {
  config?: string;
  dataDir?: string;
  embedBase?: string;
  allowedHosts?: string;
}

/** --data-dir and --config, as every command that works on a sandbox's data takes them. */
export function withSandboxOptions(command: Command): Command {
  return command
    .option("--data-dir <dir>", "the sandbox's data dir (default: as `sandbox start`)")
    .option("--config <file>", "settings file, as for `sandbox start`");
}

/** The settings as `sandbox start` would read them, with the few flags these commands take. */
export function loadCommandConfig(flags: ConfigFlags): Promise<SandboxConfig> {
  const given = {
    ...(flags.dataDir !== undefined && { dataDir: flags.dataDir }),
    ...(flags.embedBase !== undefined && { embedBase: flags.embedBase }),
    ...(flags.allowedHosts !== undefined && { allowedHosts: flags.allowedHosts }),
  };
  return loadConfig({ flags: given, configFile: flags.config });
}
