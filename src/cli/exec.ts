import { Command } from "commander";
import type { OptionKey } from "../config/options.ts";
import { EXEC_VARIABLES } from "../exec-env.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { addSettingsFlags } from "./settings-flags.ts";

const OWN_DEFAULT = "the environment and config file do not count here";
const { urls, ...others } = EXEC_VARIABLES;

export function execCommand(cli: Cli): Command {
  const command = new Command("exec")
    .argument("<command>", "the command to run (without a shell: sh -c '…' runs a shell's syntax)")
    .argument("[args...]", "its arguments; put -- before the command when they include options")
    .option("--config <file>", "settings file (default: sandbox.config.json in this folder, if present)")
    .option("--quiet", "print neither the sandbox's banner nor the closing line on stderr");
  addSettingsFlags(command, {
    storefrontPort: `default 0, a free port; ${OWN_DEFAULT}`,
    walletPort: `default 0, a free port; ${OWN_DEFAULT}`,
    hostPort: `default 0, a free port; ${OWN_DEFAULT}`,
    dataDir: `default a new temporary dir, removed at the end; ${OWN_DEFAULT}`,
  });
  return command
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Starts a sandbox on free ports with a temporary data dir, runs the command with these variables",
          "added to its environment, then stops the sandbox (writes on disk, the temporary dir removed) and",
          "exits with the command's exit code (128 + the signal's number for a command a signal ended):",
          `  ${Object.values(urls).join(", ")}`,
          `  ${others.dataDir}, ${others.serviceToken} (the BFF service token the agent sends),`,
          `  ${others.users} (the demo users as JSON, with their passwords), ${others.controlToken},`,
          `  ${others.signingSecret} (signs embed identity tokens), ${others.walletPrefix}`,
          "A server left out with --only has no URL variable. The other settings are read as for start:",
          "flag > environment variable > sandbox.config.json > default.",
          "",
          "The command's output is its own: the sandbox's banner and the closing line go to stderr, and",
          "--quiet leaves them out. Ctrl-C or SIGTERM goes to the command; the sandbox stops once the",
          "command has ended. A command that cannot be found exits 127, one that cannot be run 126.",
        ],
        examples: [
          "npx sandbox exec -- npm test",
          `npx sandbox exec --quiet -- sh -c 'curl -fsS "$SANDBOX_STOREFRONT_URL/health"'`,
          "npx sandbox exec --only storefront --token-ttl 15m -- npx vitest run",
          "npx sandbox exec -- sh -c 'npm test && npx sandbox journal --data-dir \"$SANDBOX_DATA_DIR\" --agent'",
        ],
      }),
    )
    .action(
      async (
        name: string,
        args: string[],
        flags: Partial<Record<OptionKey, unknown>> & { config?: string; quiet?: boolean },
      ) => {
        const { config, quiet, ...settings } = flags;
        const { runExec } = await import("./exec-run.ts");
        await runExec(cli, { command: name, args, settings, configFile: config, quiet: Boolean(quiet) });
      },
    );
}
