import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { loadConfig } from "../config/load.ts";
import { failWith } from "../errors.ts";
import { SERVICE_NAMES, type ServiceName } from "../service-names.ts";
import { withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";

interface OpenApiFlags {
  config?: string;
  service?: string;
  out?: string;
  walletPrefix?: string;
}

export function openapiCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("openapi"), { dataDir: false })
    .option("--service <name>", `only this server's: ${SERVICE_NAMES.join(", ")}`)
    .option("--out <dir>", "write <service>.openapi.json files into this folder (made if missing)")
    .option(
      "--wallet-prefix <path>",
      "the wallet routes' prefix, as for start (default: the settings', else /api/wallet)",
    )
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Needs no running sandbox. One server and no --out: the document goes to stdout; otherwise each",
          "goes to <dir>/<service>.openapi.json (the current folder without --out). The servers' URLs and",
          "the wallet prefix are those of the settings: --wallet-prefix, the environment (STOREFRONT_PORT,",
          "WALLET_PORT, HOST_PORT, BIND, WALLET_PREFIX) and sandbox.config.json.",
        ],
        examples: [
          "npx sandbox openapi --service storefront > storefront.openapi.json",
          "npx sandbox openapi --out openapi/",
          "npx sandbox openapi --service wallet --wallet-prefix /v2/wallet | jq '.paths | keys'",
        ],
      }),
    )
    .action(async (flags: OpenApiFlags) => {
      const services = flags.service === undefined ? SERVICE_NAMES : [serviceName(flags.service)];
      const config = await loadConfig({
        flags: flags.walletPrefix === undefined ? {} : { walletPrefix: flags.walletPrefix },
        configFile: flags.config,
        env: cli.io.env,
        cwd: cli.io.cwd,
      });
      const { generateDocuments } = await import("../runtime/documents.ts");
      const documents = await generateDocuments(config, services, (message) => cli.io.stderr.write(`${message}\n`));
      if (services.length === 1 && flags.out === undefined)
        return cli.print(JSON.stringify(documents.get(services[0]!), null, 2));
      const dir = resolve(cli.io.cwd, flags.out ?? ".");
      await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => cannotWrite(dir, error));
      for (const [service, document] of documents) {
        const file = join(dir, `${service}.openapi.json`);
        await writeFile(file, `${JSON.stringify(document, null, 2)}\n`).catch((error: NodeJS.ErrnoException) =>
          cannotWrite(file, error),
        );
        cli.print(`Wrote ${file}`);
      }
    });
}

function serviceName(given: string): ServiceName {
  const name = SERVICE_NAMES.find((candidate) => candidate === given.trim().toLowerCase());
  if (!name)
    failWith(CLI_TEXTS.openapiService, {
      values: { services: SERVICE_NAMES.join(", "), value: JSON.stringify(given) },
      expected: true,
    });
  return name;
}

function cannotWrite(path: string, error: NodeJS.ErrnoException): never {
  failWith(CLI_TEXTS.cannotWrite, { values: { path, reason: error.code ?? error.message }, expected: true });
}
