import { Command, CommanderError } from "commander";
import { packageVersion } from "../version.ts";
import { agentCommand } from "./agent.ts";
import { checkCommand } from "./check.ts";
import { clockCommand } from "./clock.ts";
import { embedUrlCommand } from "./embed-url.ts";
import { reportError } from "./errors.ts";
import { expectCommand } from "./expect.ts";
import { exportCommand } from "./export.ts";
import { faultCommand } from "./fault.ts";
import { helpText } from "./help-text.ts";
import { identityCommand } from "./identity.ts";
import { importCommand } from "./import.ts";
import { logsCommand } from "./logs.ts";
import { createCli, processIo, type Cli, type CliIo } from "./io.ts";
import { journalCommand } from "./journal.ts";
import { mcpCommand } from "./mcp.ts";
import { oauthCommand } from "./oauth.ts";
import { openapiCommand } from "./openapi.ts";
import { resetCommand } from "./reset.ts";
import { startCommand } from "./start.ts";
import { statusCommand } from "./status.ts";
import { stopCommand } from "./stop.ts";
import { triggerCommand } from "./trigger.ts";
import { uiCommand } from "./ui.ts";
import { usersCommand } from "./users.ts";

export function buildProgram(cli: Cli): Command {
  const program = new Command("sandbox")
    .description("A local storefront, wallet and host app for building AI-agent integrations")
    .addCommand(startCommand(cli))
    .addCommand(uiCommand(cli))
    .addCommand(statusCommand(cli))
    .addCommand(stopCommand(cli))
    .addCommand(logsCommand(cli))
    .addCommand(usersCommand(cli))
    .addCommand(oauthCommand(cli))
    .addCommand(identityCommand(cli))
    .addCommand(embedUrlCommand(cli))
    .addCommand(agentCommand(cli))
    .addCommand(mcpCommand(cli))
    .addCommand(clockCommand(cli))
    .addCommand(faultCommand(cli))
    .addCommand(resetCommand(cli))
    .addCommand(exportCommand(cli))
    .addCommand(importCommand(cli))
    .addCommand(triggerCommand(cli))
    .addCommand(journalCommand(cli))
    .addCommand(expectCommand(cli))
    .addCommand(checkCommand(cli))
    .addCommand(openapiCommand(cli))
    .showHelpAfterError("(run with --help for usage)")
    .version(packageVersion(), "-v, --version")
    .addHelpText("after", helpText({
      examples: [
        "npx sandbox start",
        "npx sandbox users",
        "npx sandbox oauth add-client --name \"My agent\" --redirect-uri http://localhost:5173/callback",
        "npx sandbox embed-url --user ada@example.com --mode drawer",
        "npx sandbox start --help",
      ],
    }));
  routeOutput(program, cli.io);
  return program;
}

/**
 * Runs the command line `args` (the words after `sandbox`) and answers the exit code. Nothing
 * here exits the process or sets its exit code: bin/sandbox.js does, with what this returns.
 */
export async function runCli(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  const cli = createCli(io);
  try {
    await buildProgram(cli).parseAsync([...args], { from: "user" });
  } catch (error) {
    // Commander has printed its help or its usage error already; it only says how to end.
    if (error instanceof CommanderError) return error.exitCode;
    reportError(error, cli);
  }
  return cli.exitCode;
}

/** Help, --version and usage errors of every command go to the io, and end the run instead of the process. */
function routeOutput(command: Command, io: CliIo): void {
  command.exitOverride().configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  for (const sub of command.commands) routeOutput(sub, io);
}
