import { type Command, Option } from "commander";
import type { OptionSpec } from "../config/option-spec.ts";
import { OPTIONS, type OptionKey } from "../config/options.ts";

/**
 * A flag for each setting of `sandbox start` (the options table), as `start` and `exec` take
 * them. `sources` replaces what the help says of a setting's environment variable and default
 * where the command decides them itself (exec's free ports and temporary data dir).
 */
export function addSettingsFlags(command: Command, sources: Partial<Record<OptionKey, string>> = {}): Command {
  for (const option of OPTIONS) {
    if ("command" in option) continue;
    const said =
      sources[option.key] ??
      `env ${option.env}, default ${option.type === "secret" ? "a documented dev value" : option.default === "" ? "none" : option.default}`;
    command.addOption(new Option(`${option.flag}${valueName(option)}`, `${option.description} [${said}]`));
    if (option.type === "boolean")
      command.addOption(
        new Option(`--no-${option.flag.slice(2)}`, `turn ${option.flag} off, whatever the env or config file say`),
      );
  }
  return command;
}

function valueName(option: OptionSpec): string {
  if (option.type === "boolean") return "";
  const names = {
    port: "port",
    count: "number",
    string: "value",
    text: "value",
    services: "names",
    hosts: "names",
    duration: "duration",
    size: "size",
    secret: "value",
    path: "path",
    sessionStore: "store",
    url: "url",
    baseUrl: "url",
  } as const;
  return ` <${option.arg ?? names[option.type]}>`;
}
