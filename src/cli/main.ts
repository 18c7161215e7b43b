import { Command } from "commander";
import { packageVersion } from "../version.ts";
import { agentCommand } from "./agent.ts";
import { embedUrlCommand } from "./embed-url.ts";
import { reportError } from "./errors.ts";
import { identityCommand } from "./identity.ts";
import { mcpCommand } from "./mcp.ts";
import { oauthCommand } from "./oauth.ts";
import { startCommand } from "./start.ts";
import { usersCommand } from "./users.ts";

export function buildProgram(): Command {
  return new Command("sandbox")
    .description("A local storefront, wallet and host app for building AI-agent integrations")
    .addCommand(startCommand())
    .addCommand(usersCommand())
    .addCommand(oauthCommand())
    .addCommand(identityCommand())
    .addCommand(embedUrlCommand())
    .addCommand(agentCommand())
    .addCommand(mcpCommand())
    .showHelpAfterError("(run with --help for usage)")
    .version(packageVersion(), "-v, --version")
    .addHelpText("after", "\nExamples:\n  npx sandbox start\n  npx sandbox users\n  npx sandbox oauth add-client --name \"My agent\" --redirect-uri http://localhost:5173/callback\n  npx sandbox embed-url --user ada@example.com --mode drawer\n  npx sandbox start --help\n");
}

export async function runCli(argv: string[]): Promise<void> {
  // `sandbox … | head` closes the pipe early: that ends the output, not the program with a stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    reportError(error);
  }
}
