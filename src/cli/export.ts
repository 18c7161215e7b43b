import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Command } from "commander";
import { failWith } from "../errors.ts";
import { type ConfigFlags, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { runningControls } from "./running.ts";

export function exportCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("export"), { dataDir: "to find the running sandbox" })
    .argument("[file]", "where to write it; without it (or with -), stdout")
    .option("--json", "with a file: print what was written as JSON")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "The document holds what the data files hold, demo passwords and hashed secrets included:",
          "the file is written readable by its owner only.",
        ],
        examples: [
          "npx sandbox export snapshot.json",
          "npx sandbox export | jq '.services.wallet.transactions | length'",
        ],
      }),
    )
    .action(async (file: string | undefined, flags: ConfigFlags & { json?: boolean }) => {
      const controls = await runningControls(flags, cli);
      const document = await controls.exportData();
      const text = JSON.stringify(document, null, 2);
      if (file === undefined || file === "-") return cli.print(text);
      const path = resolve(cli.io.cwd, file);
      await writeFile(path, `${text}\n`, { mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
        failWith(CLI_TEXTS.cannotWrite, { values: { path, reason: error.code ?? error.message }, expected: true });
      });
      const services = Object.keys(document.services);
      if (flags.json)
        return cli.print(JSON.stringify({ file: path, services, exportedAt: document.exportedAt }, null, 2));
      cli.print(`Exported ${services.join(", ")} to ${path}`);
    });
}
