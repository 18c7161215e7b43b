import { Command } from "commander";
import { reportError } from "./errors.ts";
import { startCommand } from "./start.ts";
import { usersCommand } from "./users.ts";

export function buildProgram(): Command {
  return new Command("sandbox")
    .description("A local storefront, wallet and host app for building AI-agent integrations")
    .addCommand(startCommand())
    .addCommand(usersCommand())
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", "\nExamples:\n  npx sandbox start\n  npx sandbox users\n  npx sandbox start --help");
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    reportError(error);
  }
}
