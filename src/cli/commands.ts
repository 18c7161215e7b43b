import type { Command } from "commander";
import { OPENAPI_PATH } from "../contracts/service-routes.ts";
import type { Cli } from "./io.ts";

/**
 * A command as `sandbox --help` lists it, and where its code lives. Only the command that runs
 * is imported: the others are listed from here without loading their code (or the servers,
 * the MCP SDK, the terminal UI… that it imports), so that every call of the CLI starts fast.
 */
export interface CommandEntry {
  /** As the help lists it: the name, then `[options]` and the arguments, as commander shows the command's own. */
  usage: string;
  /** The one description of the command: its `--help` and the list of commands both show it. */
  description: string;
  /** The module's factory of the command (its options, arguments and action), imported when the command runs. */
  load(): Promise<(cli: Cli) => Command>;
}

/** Every command, in the order `--help` lists them. A new command is one line here. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    usage: "start [options]",
    description: "Start the storefront, wallet and host app servers on this machine",
    load: async () => (await import("./start.ts")).startCommand,
  },
  {
    usage: "exec [options] <command> [args...]",
    description:
      "Start a sandbox on free ports, run a command with its URLs, users and tokens in SANDBOX_* variables, stop it, and exit with the command's code",
    load: async () => (await import("./exec.ts")).execCommand,
  },
  {
    usage: "ui [options]",
    description: "Open the terminal UI on a running sandbox, or on any deployment given by its URLs",
    load: async () => (await import("./ui.ts")).uiCommand,
  },
  {
    usage: "status [options]",
    description: "Say whether a sandbox runs on the data dir: its pid, uptime and URLs",
    load: async () => (await import("./status.ts")).statusCommand,
  },
  {
    usage: "stop [options]",
    description: "Stop the sandbox running on the data dir, as Ctrl-C does, and wait until it has exited",
    load: async () => (await import("./stop.ts")).stopCommand,
  },
  {
    usage: "logs [options]",
    description: "Print the output of the sandbox started with start --detach (<data dir>/sandbox.log)",
    load: async () => (await import("./logs.ts")).logsCommand,
  },
  {
    usage: "users [options]",
    description: "List the demo users: the same people, with the same ids and passwords, in every service",
    load: async () => (await import("./users.ts")).usersCommand,
  },
  {
    usage: "oauth",
    description: "Register and list the wallet's OAuth clients",
    load: async () => (await import("./oauth.ts")).oauthCommand,
  },
  {
    usage: "identity",
    description: "Sign and check embed identity tokens (the JWT the host backend gives the chat embed)",
    load: async () => (await import("./identity.ts")).identityCommand,
  },
  {
    usage: "embed-url [options]",
    description:
      "Print the chat embed URL for a demo user: mode, endUser, a fresh identity token and, for previews, session",
    load: async () => (await import("./embed-url.ts")).embedUrlCommand,
  },
  {
    usage: "agent",
    description: "Act as the agent: see which HTTP call each question or action turns into",
    load: async () => (await import("./agent.ts")).agentCommand,
  },
  {
    usage: "mcp [options]",
    description: "Serve the agent's actions as Model Context Protocol tools (stdio, or streamable HTTP with --http)",
    load: async () => (await import("./mcp.ts")).mcpCommand,
  },
  {
    usage: "clock [options]",
    description:
      "Show or move the sandbox clock, the one clock of the three servers (token expiry, insight windows, dates, the end of event streams)",
    load: async () => (await import("./clock.ts")).clockCommand,
  },
  {
    usage: "fault",
    description: "Make the running sandbox's routes fail, slow down or cut their event streams",
    load: async () => (await import("./fault.ts")).faultCommand,
  },
  {
    usage: "reset [options]",
    description: "Put the running sandbox's servers back to the seed data, as a first start leaves them",
    load: async () => (await import("./reset.ts")).resetCommand,
  },
  {
    usage: "export [options] [file]",
    description: "Write all data of the running sandbox (every service's) as one JSON document, for sandbox import",
    load: async () => (await import("./export.ts")).exportCommand,
  },
  {
    usage: "import [options] <file>",
    description: "Replace the running sandbox's data with a document written by sandbox export",
    load: async () => (await import("./import.ts")).importCommand,
  },
  {
    usage: "trigger",
    description:
      "Make something happen in the running sandbox: an order delivered, a transaction, a transaction settled",
    load: async () => (await import("./trigger.ts")).triggerCommand,
  },
  {
    usage: "journal [options]",
    description: "The requests the running sandbox's servers answered, secrets masked (oldest first)",
    load: async () => (await import("./journal.ts")).journalCommand,
  },
  {
    usage: "expect [options]",
    description:
      "Check that the running sandbox answered the requests a test expects: exit 0 if so, 1 with what it saw if not",
    load: async () => (await import("./expect.ts")).expectCommand,
  },
  {
    usage: "run [options] <files...>",
    description:
      "Run scenario files (data, clock, faults, then requests, agent questions and checks) each against a sandbox of its own: ok/FAIL per step, exit 1 on a failure",
    load: async () => (await import("./scenarios.ts")).scenariosCommand,
  },
  {
    usage: "schema",
    description:
      "Print the JSON Schema of scenario files (sandbox run), for editors to complete and check them: the package ships it too",
    load: async () => (await import("./schema.ts")).schemaCommand,
  },
  {
    usage: "init [options] [dir]",
    description:
      "Write into a repository a starter scenario (scenarios/) and the GitHub Actions workflow that runs its scenarios",
    load: async () => (await import("./init.ts")).initCommand,
  },
  {
    usage: "check [options]",
    description:
      "Check that a sandbox or a deployment keeps the storefront, wallet and host app contract, and that the action definitions match it",
    load: async () => (await import("./check.ts")).checkCommand,
  },
  {
    usage: "openapi [options]",
    description: `Write the OpenAPI 3.1 documents of the servers, as each serves them at GET ${OPENAPI_PATH}`,
    load: async () => (await import("./openapi.ts")).openapiCommand,
  },
];

/** The name of a command entry (the first word of its usage). */
export function commandName(entry: CommandEntry): string {
  return entry.usage.split(" ", 1)[0]!;
}

/**
 * The entry of the command these arguments run: the first word that is not an option (the
 * program itself takes no option values), or the one after `help`. None for `--help` alone,
 * `--version`, or a name that is no command's (commander then says so, naming the closest).
 */
export function commandFor(args: readonly string[]): CommandEntry | undefined {
  const words = args.filter((arg) => !arg.startsWith("-"));
  const name = words[0] === "help" ? words[1] : words[0];
  return COMMANDS.find((entry) => commandName(entry) === name);
}
