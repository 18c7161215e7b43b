import { Command, Option } from "commander";
import { loadConfig } from "../config.ts";
import { OPTIONS, type OptionKey } from "../config/options.ts";
import { startSandbox } from "../sandbox.ts";
import { formatBanner } from "./banner.ts";

export function startCommand(): Command {
  const command = new Command("start")
    .description("Start the storefront, wallet and host app servers on this machine")
    .option("--config <file>", "settings file (default: sandbox.config.json in this folder, if present)");
  for (const option of OPTIONS) {
    const value = option.type === "boolean" ? "" : ` <${option.type === "services" ? "names" : option.type === "secret" ? "value" : option.type}>`;
    command.addOption(new Option(`${option.flag}${value}`, `${option.description} (env ${option.env}, default ${option.type === "secret" ? "a documented dev value" : option.default})`));
  }
  return command
    .addHelpText("after", [
      "",
      "Settings: flag > environment variable > sandbox.config.json > default.",
      "",
      "Examples:",
      "  npx sandbox start",
      "  npx sandbox start --storefront-port 9084 --fresh",
      "  STOREFRONT_PORT=0 npx sandbox start --only storefront --data-dir /tmp/sandbox-data",
      "",
    ].join("\n"))
    .action(async (flags: Partial<Record<OptionKey, unknown>> & { config?: string }) => {
      const { config: configFile, ...given } = flags;
      const config = await loadConfig({ flags: given, configFile });
      const sandbox = await startSandbox(config);
      process.stdout.write(`${formatBanner(sandbox)}\n`);
      await stopOnSignal(sandbox.close);
    });
}

/** Ctrl-C or SIGTERM: close everything (pending writes included) and exit 0; a second signal exits at once. */
function stopOnSignal(close: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(`Second ${signal}: exiting without waiting.\n`);
        process.exit(1);
      }
      stopping = true;
      process.stdout.write(`\n${signal} received: stopping the sandbox…\n`);
      close().then(() => {
        process.stdout.write("Stopped.\n");
        resolve();
      }, reject);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
