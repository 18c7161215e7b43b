import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { loadConfig } from "../config/load.ts";
import { OPTIONS, type OptionKey, type OptionSpec } from "../config/options.ts";
import { startSandbox } from "../sandbox.ts";
import { exposedToGit } from "../store/git-exposure.ts";
import { STOREFRONT_FILE } from "../storefront/store.ts";
import { formatBanner } from "./banner.ts";

export function startCommand(): Command {
  const command = new Command("start")
    .description("Start the storefront, wallet and host app servers on this machine")
    .option("--config <file>", "settings file (default: sandbox.config.json in this folder, if present)");
  for (const option of OPTIONS) {
    command.addOption(new Option(`${option.flag}${valueName(option)}`, `${option.description} [env ${option.env}, default ${option.type === "secret" ? "a documented dev value" : option.default === "" ? "none" : option.default}]`));
    if (option.type === "boolean") command.addOption(new Option(`--no-${option.flag.slice(2)}`, `turn ${option.flag} off, whatever the env or config file say`));
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
      // Listen for signals before anything starts, so a Ctrl-C at any moment still closes cleanly.
      const stop = stopRequests({ watchParent: parentIsNpm() });
      const sandbox = await startSandbox(config).catch((error: unknown) => {
        stop.dispose();
        throw error;
      });
      process.stdout.write(`${formatBanner(sandbox)}\n`);
      if (await exposedToGit(sandbox.dataDir, STOREFRONT_FILE)) {
        process.stderr.write(`Warning: the data dir ${sandbox.dataDir} is inside a git work tree and not ignored: its files hold passwords and tokens. Add it to .gitignore, or choose another with --data-dir.\n`);
      }
      const reason = await stop.next;
      process.stdout.write(`\n${reason}: stopping the sandbox…\n`);
      await sandbox.close();
      process.stdout.write("Stopped.\n");
    });
}

function valueName(option: OptionSpec): string {
  if (option.type === "boolean") return "";
  const names = { port: "port", count: "number", string: "value", services: "names", hosts: "names", duration: "duration", secret: "value", path: "path", sessionStore: "store", url: "url", baseUrl: "url" } as const;
  return ` <${option.arg ?? names[option.type]}>`;
}

/**
 * `next` resolves on the first Ctrl-C or SIGTERM (a second one exits at once, without waiting),
 * or, with `watchParent`, when the parent process has gone away. `dispose` stops listening.
 */
function stopRequests(options: { watchParent: boolean }): { next: Promise<string>; dispose(): void } {
  let resolveNext!: (reason: string) => void;
  const next = new Promise<string>((resolve) => (resolveNext = resolve));
  let received = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) {
      process.stderr.write(`Second ${signal}: exiting without waiting.\n`);
      process.exit(1);
    }
    received = true;
    clearInterval(watch);
    resolveNext(`${signal} received`);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const parent = process.ppid;
  const watch = options.watchParent
    ? setInterval(() => {
        if (process.ppid === parent) return;
        clearInterval(watch);
        received = true;
        resolveNext("The npm process that started the sandbox has exited");
      }, 500)
    : undefined;
  return {
    next,
    dispose() {
      clearInterval(watch);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

/**
 * Whether npm or npx started the sandbox (as its parent, or through the `sh -c` it spawns).
 * A SIGTERM sent to npx is not passed on: npx exits and leaves the sandbox running, orphaned,
 * so then the sandbox stops when its parent goes away.
 */
function parentIsNpm(): boolean {
  const isNpm = (command: string[]) => command.some((part) => /(^|\/)(npm|npx)(-cli\.js)?(\s|$)/.test(part));
  const parent = processInfo(process.ppid);
  if (!parent) return false;
  if (isNpm(parent.command)) return true;
  const grandparent = /(^|\/)(ba|da)?sh$/.test(parent.command[0] ?? "") ? processInfo(parent.ppid) : null;
  return grandparent !== null && isNpm(grandparent.command);
}

/** A process's command line and parent, from /proc (Linux); null elsewhere. */
function processInfo(pid: number): { command: string[]; ppid: number } | null {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return { command, ppid };
  } catch {
    return null;
  }
}
