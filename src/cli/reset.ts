import { Command } from "commander";
import { parseServiceNames, SERVICE_LIST } from "../config/load.ts";
import { failWith } from "../errors.ts";
import { type ConfigFlags, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { runningControls } from "./running.ts";

export function resetCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("reset"), { dataDir: "to find the running sandbox" })
    .option(
      "--only <names>",
      "reset only these servers: storefront, wallet, host (comma-separated, as for start --only)",
    )
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "The storefront gets its seed catalog and orders back, with every cart empty (open cart streams",
          "get a cart event with the emptied cart); the wallet its seed transactions and OAuth clients,",
          "with no refresh tokens and no sign-in in flight; the storefront and host app end their agent",
          "sessions. Tokens signed before stay valid until they expire.",
        ],
        examples: ["npx sandbox reset", "npx sandbox reset --only wallet --json"],
      }),
    )
    .action(async (flags: ConfigFlags & { only?: string; json?: boolean }) => {
      const only =
        flags.only === undefined
          ? undefined
          : (parseServiceNames(flags.only) ??
            failWith(CLI_TEXTS.resetOnly, {
              values: { services: SERVICE_LIST, value: JSON.stringify(flags.only) },
              expected: true,
            }));
      const controls = await runningControls(flags, cli);
      const result = await controls.reset({ only });
      cli.print(flags.json ? JSON.stringify(result, null, 2) : `Back to the seed: ${result.reset.join(", ")}`);
    });
}
