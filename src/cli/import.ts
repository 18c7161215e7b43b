import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Command } from "commander";
import { failWith, messageOf } from "../errors.ts";
import { packagePath } from "../package-files.ts";
import { type ConfigFlags, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import { type Cli, readStdin } from "./io.ts";
import { runningControls } from "./running.ts";

export function importCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("import"), { dataDir: "to find the running sandbox" })
    .argument("<file>", "the document, or - to read it from stdin")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Each service's data is brought to the current schema version and checked as at start, all",
          "of them before any is changed: a bad document is refused, naming the field, and changes nothing.",
          "Services the document leaves out keep their data. A document is at most 8 MiB: for more,",
          "write each service's data to its file in the stopped sandbox's data dir:",
          `${packagePath("docs/controls.md")}, "Export and import".`,
        ],
        examples: [
          "npx sandbox import snapshot.json",
          "jq '.services.wallet.transactions |= .[:5]' snapshot.json | npx sandbox import -",
        ],
      }),
    )
    .action(async (file: string, flags: ConfigFlags & { json?: boolean }) => {
      const from = file === "-" ? "stdin" : resolve(cli.io.cwd, file);
      const document = parseDocument(await readDocument(file, from, cli), from);
      const controls = await runningControls(flags, cli);
      const result = await controls.importData(document);
      cli.print(flags.json ? JSON.stringify(result, null, 2) : `Imported ${result.imported.join(", ")} from ${from}`);
    });
}

async function readDocument(file: string, from: string, cli: Cli): Promise<string> {
  if (file === "-") return readStdin(cli.io);
  try {
    return await readFile(from, "utf8");
  } catch (error) {
    return failWith(CLI_TEXTS.cannotRead, {
      values: { path: from, reason: (error as NodeJS.ErrnoException).code ?? messageOf(error) },
      expected: true,
    });
  }
}

function parseDocument(content: string, from: string): unknown {
  try {
    return JSON.parse(content);
  } catch (error) {
    return failWith(CLI_TEXTS.notJson, { values: { path: from, reason: messageOf(error) }, expected: true });
  }
}
