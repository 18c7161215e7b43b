import { Command } from "commander";
import { ControlsClient } from "../client/controls-client.ts";
import { alignColumns } from "../columns.ts";
import { failWith } from "../errors.ts";
import { checkRegistration, listClientsOffline, registerClientOffline } from "../runtime/wallet-offline.ts";
import { runningSandbox } from "../sandbox-lock.ts";
import { type JsonConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli, CliIo } from "./io.ts";

export function oauthCommand(cli: Cli): Command {
  const oauth = new Command("oauth").addHelpText(
    "after",
    helpText({
      examples: [
        "npx sandbox oauth clients",
        'npx sandbox oauth add-client --name "My agent" --redirect-uri http://localhost:5173/callback',
      ],
    }),
  );
  withSandboxOptions(oauth.command("add-client"))
    .description("Register an OAuth client and print its id and secret (the secret is shown only once)")
    .requiredOption("--name <name>", "the client's name, shown on the sign-in page")
    .requiredOption(
      "--redirect-uri <uri>",
      "an allowed redirect URI, matched exactly (repeat for more)",
      (uri: string, all: string[]) => [...all, uri],
      Array.of<string>(),
    )
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      helpText({
        notes: ["Works whether the sandbox runs or not: a running one is updated at once."],
        examples: [
          'npx sandbox oauth add-client --name "My agent" --redirect-uri http://localhost:5173/callback',
          "npx sandbox oauth add-client --name CI --redirect-uri http://127.0.0.1:9999/cb --redirect-uri https://agent.example.com/cb --json",
        ],
      }),
    )
    .action(async (options: JsonConfigFlags & { name: string; redirectUri: string[] }) => {
      const registration = checkRegistration(options.name, options.redirectUri);
      const created = await onWallet(options, cli.io, {
        running: (wallet) => wallet.addOauthClient(registration),
        offline: (dir) => registerClientOffline(dir, registration),
      });
      if (options.json) return cli.print(JSON.stringify(created, null, 2));
      cli.print(`Registered OAuth client "${created.name}"`);
      // The fields as --json names them, with the OAuth parameter each one is.
      cli.print(`  id:            ${created.id}   (client_id)`);
      cli.print(`  secret:        ${created.secret}   (client_secret; shown only now: keep it)`);
      cli.print(`  redirectUris:  ${created.redirectUris.join(", ")}`);
    });

  withSandboxOptions(oauth.command("clients"))
    .description("List the registered OAuth clients (ids, names, redirect URIs; secrets are not kept)")
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      helpText({
        examples: ["npx sandbox oauth clients", "npx sandbox oauth clients --json"],
      }),
    )
    .action(async (options: JsonConfigFlags) => {
      const clients = await onWallet(options, cli.io, {
        running: (wallet) => wallet.oauthClients(),
        offline: (dir) => listClientsOffline(dir),
      });
      if (options.json) return cli.print(JSON.stringify(clients, null, 2));
      cli.print(
        alignColumns([
          ["ID", "NAME", "REDIRECT URIS"],
          ...clients.map((client) => [client.id, client.name, client.redirectUris.join(" ")]),
        ]).join("\n"),
      );
    });
  return oauth;
}

/** Talks to the running sandbox's wallet if there is one on the data dir, else changes the data file itself. */
async function onWallet<R>(
  options: JsonConfigFlags,
  io: CliIo,
  ways: { running: (wallet: ControlsClient) => Promise<R>; offline: (dir: string) => Promise<R> },
): Promise<R> {
  const config = await loadCommandConfig(options, io);
  const running = await runningSandbox(config.dataDir);
  if (running && !running.urls?.wallet) {
    failWith(CLI_TEXTS.noWallet, { values: { dataDir: config.dataDir, pid: running.pid }, expected: true });
  }
  return running?.urls?.wallet
    ? ways.running(new ControlsClient(running.urls.wallet, config.controlToken))
    : ways.offline(config.dataDir);
}
