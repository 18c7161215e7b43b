import { Command, CommanderError, Help } from "commander";
import { packageVersion } from "../version.ts";
import { COMMANDS, type CommandEntry, commandFor, commandName } from "./commands.ts";
import { reportError } from "./errors.ts";
import { helpText } from "./help-text.ts";
import { type Cli, type CliIo, createCli, processIo } from "./io.ts";

/**
 * The program for these arguments: every command is listed, and only the one they run is
 * built from its module (see ./commands.ts).
 */
export async function buildProgram(cli: Cli, args: readonly string[]): Promise<Command> {
  const running = commandFor(args);
  const program = new Command("sandbox")
    .description("A local storefront, wallet and host app for building AI-agent integrations")
    .configureHelp({ subcommandTerm: listedTerm });
  for (const entry of COMMANDS) {
    const command = entry === running ? (await entry.load())(cli) : new Command(commandName(entry));
    program.addCommand(command.description(entry.description));
  }
  program
    .showHelpAfterError("(run with --help for usage)")
    .version(packageVersion(), "-v, --version")
    .addHelpText(
      "after",
      helpText({
        examples: [
          "npx sandbox start",
          "npx sandbox users",
          'npx sandbox oauth add-client --name "My agent" --redirect-uri http://localhost:5173/callback',
          "npx sandbox embed-url --user ada@example.com --mode drawer",
          "npx sandbox start --help",
        ],
      }),
    );
  routeOutput(program, cli.io);
  return program;
}

/** A command of the table is listed by its usage there, whether its module was loaded or not; commander's own `help` as commander says. */
function listedTerm(this: Help, command: Command): string {
  const entry: CommandEntry | undefined = COMMANDS.find((candidate) => commandName(candidate) === command.name());
  return entry?.usage ?? Help.prototype.subcommandTerm.call(this, command);
}

/**
 * Runs the command line `args` (the words after `sandbox`) and answers the exit code. Nothing
 * here exits the process or sets its exit code: bin/sandbox.js does, with what this returns.
 */
export async function runCli(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  return (await runCommandLine(args, io)).exitCode;
}

/** How a run ended: its exit code and, when a command failed, the error it failed with (printed already). */
export interface RunOutcome {
  exitCode: number;
  /** A `SandboxError`'s `code` is what a program running the commands in-process (the tests) switches on. */
  error?: unknown;
}

/** Runs the command line as `runCli` does, and answers the error too. */
export async function runCommandLine(args: readonly string[], io: CliIo): Promise<RunOutcome> {
  const cli = createCli(io);
  try {
    await (await buildProgram(cli, args)).parseAsync([...args], { from: "user" });
  } catch (error) {
    // Commander has printed its help or its usage error already; a usage error exits 2, as the commands' own do.
    if (error instanceof CommanderError) return { exitCode: error.exitCode === 0 ? 0 : 2 };
    reportError(error, cli);
    return { exitCode: cli.exitCode, error };
  }
  return { exitCode: cli.exitCode };
}

/** Help, --version and usage errors of every command go to the io, and end the run instead of the process. */
function routeOutput(command: Command, io: CliIo): void {
  command
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  for (const sub of command.commands) routeOutput(sub, io);
}
