import { Command, Option } from "commander";
import { loadConfig } from "../config/load.ts";
import type { OptionKey } from "../config/options.ts";
import { HEALTH_PATH } from "../contracts/service-routes.ts";
import { failWith } from "../errors.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { addSettingsFlags } from "./settings-flags.ts";
import { stopRequests } from "./stop-requests.ts";

export function startCommand(cli: Cli): Command {
  const command = new Command("start")
    .option("--config <file>", "settings file (default: sandbox.config.json in this folder, if present)")
    .option(
      "--detach",
      `run in the background: return once every server answers ${HEALTH_PATH}, print the URLs; output goes to <data dir>/sandbox.log`,
    )
    .option("--json", "with --detach: print {pid, urls, dataDir, log} as JSON")
    .option("--ui", "open the terminal UI on the servers in this terminal; quitting it stops them")
    // What `start --detach` runs in the background: its banner's last line says how to stop it there.
    .addOption(new Option("--detached").hideHelp());
  return addSettingsFlags(command)
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Settings: flag > environment variable > sandbox.config.json > default.",
          "",
          "With --detach the command exits 0 once the sandbox is ready, or 1 with the end of its log",
          "when the start fails; npx sandbox status, stop and logs then act on it through the data dir.",
        ],
        examples: [
          "npx sandbox start",
          "npx sandbox start --storefront-port 9084 --fresh",
          "STOREFRONT_PORT=0 npx sandbox start --only storefront --data-dir /tmp/sandbox-data",
          "npx sandbox start --detach --json --data-dir /tmp/ci-sandbox",
          "npx sandbox start --ui",
        ],
      }),
    )
    .action(
      async (
        flags: Partial<Record<OptionKey, unknown>> & {
          config?: string;
          detach?: boolean;
          detached?: boolean;
          json?: boolean;
          ui?: boolean;
        },
      ) => {
        const { config: configFile, detach, detached, json, ui, ...given } = flags;
        const { io } = cli;
        if (json && !detach) failWith(CLI_TEXTS.jsonWithoutDetach, { expected: true });
        if (ui && detach) failWith(CLI_TEXTS.uiWithDetach, { expected: true });
        const config = await loadConfig({ flags: given, configFile, env: io.env, cwd: io.cwd });
        if (ui) {
          const { startWithUi } = await import("./start-ui.ts");
          return startWithUi(cli, config);
        }
        if (detach) {
          const { startDetached } = await import("./detach.ts");
          return startDetached(cli, config, given, configFile, Boolean(json));
        }
        // Listen for signals before anything starts, so a Ctrl-C at any moment still closes cleanly.
        const stop = stopRequests(io);
        const { banner, warnings, close } = await import("../runtime/launch.ts")
          .then(({ launchSandbox }) =>
            launchSandbox(config, { logError: (message) => io.stderr.write(`${message}\n`) }),
          )
          .catch((error: unknown) => {
            stop.dispose();
            throw error;
          });
        const stopHint = detached
          ? `Runs in the background: npx sandbox stop --data-dir ${config.dataDir} stops it.`
          : "Press Ctrl-C to stop.";
        cli.print(`${banner}\n\n${stopHint}`);
        for (const warning of warnings) io.stderr.write(`${warning}\n`);
        const reason = await stop.next;
        cli.print(`\n${reason}: stopping the sandbox…`);
        await close();
        cli.print("Stopped.");
      },
    );
}
