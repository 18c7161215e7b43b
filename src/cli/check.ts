import { resolve } from "node:path";
import { Command, Option } from "commander";
import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { AREA_NAMES } from "../check/check.ts";
import { OPTIONS, type OptionKey } from "../config/options.ts";
import { packagePath } from "../package-files.ts";
import { withSandboxOptions } from "./command-config.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";

/** The settings of `check` in the options table, and `--wallet-prefix`, which it shares with `start`. */
const SETTINGS = OPTIONS.filter(
  (option) => ("command" in option && option.command === "check") || option.key === "walletPrefix",
);
const AREAS = AREA_NAMES.join(", ");

interface CheckFlags {
  storefront?: string;
  wallet?: string;
  host?: string;
  config?: string;
  only?: string;
  readOnly?: boolean;
  actions: string;
  junit?: string;
  json?: boolean;
  [attribute: string]: unknown;
}

export function checkCommand(cli: Cli): Command {
  const command = new Command("check")
    .option(
      "--storefront <url>",
      "the storefront to check (without any of these three URLs, a sandbox of its own is started and checked)",
    )
    .option("--wallet <url>", "the wallet to check")
    .option("--host <url>", "the host app to check");
  const attributes = new Map<string, OptionKey>();
  for (const setting of SETTINGS) {
    const option = new Option(
      `${setting.flag} <${"arg" in setting ? setting.arg : "value"}>`,
      `${setting.description} [env ${setting.env}${setting.default === "" ? "" : `, default ${setting.default}`}]`,
    );
    attributes.set(option.attributeName(), setting.key);
    command.addOption(option);
  }
  return withSandboxOptions(command, { dataDir: false })
    .option("--only <areas>", `comma-separated areas to check: ${AREAS}`)
    .option("--read-only", "only the checks that change nothing (for production)")
    .option(
      "--actions <dir>",
      "folder of action definitions to call and compare with the OpenAPI documents",
      DEFAULT_ACTIONS_DIR,
    )
    .option("--junit <file>", "also write the results as JUnit XML")
    .option("--json", "print the results as JSON")
    .addHelpText(
      "after",
      helpText({
        notes: [
          `Areas: ${AREAS}.`,
          "Each check prints ok, FAIL or skip with a one-line reason; a check that needs what was not",
          "given (an account, the service token, an OAuth client, a server) is skipped, saying which flag",
          "gives it. Exit code 1 when a check failed, 0 otherwise, 2 for usage errors.",
          "Settings: flag > environment variable > sandbox.config.json; the details:",
          `${packagePath("docs/contract-check.md")}, "Settings".`,
        ],
        examples: [
          "npx sandbox check",
          "npx sandbox check --only storefront,sse --junit check-results.xml",
          "npx sandbox check --storefront http://127.0.0.1:8084 --wallet http://127.0.0.1:8083 --host http://127.0.0.1:8085 --user ada@example.com --password ada-sandbox-pass --service-token dev-bff-service-token-not-for-production-use",
          "CHECK_USER=qa@example.com CHECK_PASSWORD=… npx sandbox check --storefront https://shop.example.com --read-only --json",
          "npx sandbox check --only actions --actions ./my-actions",
        ],
      }),
    )
    .action(async (flags: CheckFlags) => {
      const { runCheck } = await import("./check-run.ts");
      const settings: Partial<Record<OptionKey, unknown>> = {};
      for (const [attribute, key] of attributes) if (flags[attribute] !== undefined) settings[key] = flags[attribute];
      const urls = {
        ...(flags.storefront !== undefined && { storefront: flags.storefront }),
        ...(flags.wallet !== undefined && { wallet: flags.wallet }),
        ...(flags.host !== undefined && { host: flags.host }),
      };
      await runCheck(cli, {
        urls,
        settings,
        configFile: flags.config,
        only: flags.only,
        readOnly: Boolean(flags.readOnly),
        actionsDir: resolve(cli.io.cwd, flags.actions),
        junit: flags.junit,
        json: Boolean(flags.json),
      });
    });
}
