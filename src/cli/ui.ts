import { resolve } from "node:path";
import { Command } from "commander";
import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { drawLiveEvenInCi } from "../config/draw-live.ts";
import { failWith } from "../errors.ts";
import { runningSandbox } from "../sandbox-lock.ts";
import type { ServiceUrls } from "../service-names.ts";
import { type ConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { endSoonAfterQuit, requireTerminal, tuiSettings } from "./tui-settings.ts";

interface UiFlags extends ConfigFlags {
  storefrontUrl?: string;
  walletUrl?: string;
  hostUrl?: string;
  actions: string;
}

export function uiCommand(cli: Cli): Command {
  const command = new Command("ui")
    .option(
      "--storefront-url <url>",
      "the storefront to talk to (with any of these three URLs, only those given are used)",
    )
    .option("--wallet-url <url>", "the wallet to talk to")
    .option("--host-url <url>", "the host app to talk to")
    .option("--actions <dir>", "folder of action definitions for the agent screen", DEFAULT_ACTIONS_DIR);
  return withSandboxOptions(command, { dataDir: "to find the running sandbox" })
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Keys: 0–8 switch screens, ? shows every key, q or Ctrl-C quits. It needs a terminal;",
          "npx sandbox start --ui starts the servers and opens it in one go.",
        ],
        examples: [
          "npx sandbox ui",
          "npx sandbox ui --data-dir /tmp/ci-sandbox",
          "npx sandbox ui --storefront-url https://shop.example.com --wallet-url https://wallet.example.com --host-url https://app.example.com",
        ],
      }),
    )
    .action(async (flags: UiFlags) => {
      const config = await loadCommandConfig(flags, cli.io);
      const urls = await targetUrls(flags, config.dataDir);
      const onDataDir = !flags.storefrontUrl && !flags.walletUrl && !flags.hostUrl;
      const terminal = requireTerminal(cli.io, "sandbox ui");
      drawLiveEvenInCi();
      const { createTuiServices, runTui } = await import("../tui/run.tsx");
      const settings = await tuiSettings(config, urls, cli.io, resolve(cli.io.cwd, flags.actions));
      // On the data dir, the UI follows the sandbox there if it is restarted on other ports.
      if (onDataDir) {
        settings.findSandbox = async () => (await runningSandbox(config.dataDir))?.urls;
        settings.dataDir = config.dataDir;
      }
      await runTui(createTuiServices(settings), terminal);
      endSoonAfterQuit(cli, terminal);
    });
}

/** The URLs given, or those of the sandbox running on the data dir. */
async function targetUrls(flags: UiFlags, dataDir: string): Promise<ServiceUrls> {
  const given: ServiceUrls = {
    ...(flags.storefrontUrl && { storefront: baseUrl(flags.storefrontUrl, "--storefront-url") }),
    ...(flags.walletUrl && { wallet: baseUrl(flags.walletUrl, "--wallet-url") }),
    ...(flags.hostUrl && { host: baseUrl(flags.hostUrl, "--host-url") }),
  };
  if (Object.keys(given).length > 0) return given;
  const running = await runningSandbox(dataDir);
  if (!running?.urls) failWith(CLI_TEXTS.uiNoSandbox, { values: { dataDir }, expected: true });
  return running.urls;
}

function baseUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    failWith(CLI_TEXTS.baseUrlFlag, { values: { flag, value }, expected: true });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    failWith(CLI_TEXTS.httpUrlFlag, { values: { flag, value }, expected: true });
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
