import { type ChildProcess, spawn } from "node:child_process";
import { endOf } from "../child-process.ts";
import { loadConfig } from "../config/load.ts";
import type { OptionKey } from "../config/options.ts";
import { errnoCode, failWith } from "../errors.ts";
import { execEnvironment } from "../exec-env.ts";
import { EXIT_SIGNALS, type ExitSignal, signalExitCode } from "../exit-cleanup.ts";
import type { LaunchedSandbox } from "../runtime/launch.ts";
import { makeTempDir, type OwnedTempDir } from "../temp-dirs.ts";
import { type CommandProblem, commandProblem } from "./command-path.ts";
import { CLI_TEXTS } from "./errors.ts";
import type { Cli, CliIo } from "./io.ts";

export interface ExecRequest {
  command: string;
  args: string[];
  /** The settings given as flags, by their key in the options table. */
  settings: Partial<Record<OptionKey, unknown>>;
  configFile?: string;
  /** Leave out the banner and the closing line: stderr then holds the command's own and errors only. */
  quiet: boolean;
}

/**
 * `sandbox exec`: a sandbox on free ports and a temporary data dir, the command run with its
 * variables, then the sandbox stopped (writes on disk, the dir removed); the run ends with the
 * command's exit code. A signal goes to the command, and the sandbox stops once the command has
 * ended: a test runner that cleans up on Ctrl-C still reaches the sandbox while it does.
 */
export async function runExec(cli: Cli, request: ExecRequest): Promise<void> {
  const { io } = cli;
  const say = (text: string) => (request.quiet ? undefined : io.stderr.write(`${text}\n`));
  const problem = await commandProblem(request.command, io.env.PATH, io.cwd);
  if (problem) cannotRun(request.command, problem);
  // Listening before anything starts: a Ctrl-C at any moment reaches the command, or stops the start.
  const signals = relaySignals(io);
  let temporary: OwnedTempDir | undefined;
  let launched: LaunchedSandbox | undefined;
  let stopping: Promise<void> | undefined;
  // Once: the servers stop (pending writes on disk), then the temporary data dir goes.
  const stop = () =>
    (stopping ??= (async () => {
      await launched?.close();
      await temporary?.remove();
    })());
  try {
    const { dataDir, ...given } = request.settings;
    temporary = dataDir === undefined ? await makeTempDir("agent-sandbox-") : undefined;
    // Free ports and a data dir of its own unless the flags say otherwise: the environment's and
    // the config file's ports and data dir are those of the team's everyday sandbox.
    const config = await loadConfig({
      flags: { storefrontPort: 0, walletPort: 0, hostPort: 0, ...given, dataDir: temporary?.path ?? dataDir },
      configFile: request.configFile,
      env: io.env,
      cwd: io.cwd,
    });
    const { launchSandbox } = await import("../runtime/launch.ts");
    launched = await launchSandbox(config, { logError: (message) => io.stderr.write(`${message}\n`) });
    // The command's first request, its tests' first, finds the servers warm.
    await launched.sandbox.warmUp();
    for (const warning of launched.warnings) io.stderr.write(`${warning}\n`);
    if (signals.first) {
      io.stderr.write(`${signals.first} received while the sandbox started: ${request.command} did not run.\n`);
      cli.exitCode = signalExitCode(signals.first);
      return;
    }
    const { sandbox } = launched;
    say(`${launched.banner}\n\nRunning ${request.command}: the sandbox stops when it ends.\n`);
    const child = spawn(request.command, request.args, {
      cwd: io.cwd,
      env: execEnvironment(io.env, {
        urls: sandbox.urls,
        users: sandbox.users,
        dataDir: sandbox.dataDir,
        serviceToken: config.bffServiceToken,
        controlToken: config.controlToken,
        signingSecret: config.signingSecret,
        walletPrefix: config.walletPrefix,
      }),
      // The command's own streams are the terminal's (or CI's): its output is never buffered or reordered.
      stdio: "inherit",
    });
    signals.relayTo(child);
    const ended = await endOf(child);
    // From here a signal ends the process at once, as it would without us: the stop takes milliseconds.
    signals.dispose();
    if ("error" in ended) {
      const code = errnoCode(ended.error);
      if (code === "ENOENT" || code === "EACCES")
        cannotRun(request.command, code === "ENOENT" ? "not_found" : "not_executable");
      throw ended.error;
    }
    cli.exitCode = ended.code ?? signalExitCode(ended.signal);
    await stop();
    say(
      `${request.command} ${ended.code === null ? `was ended by ${ended.signal}` : `exited with code ${ended.code}`}; the sandbox is stopped.`,
    );
  } finally {
    signals.dispose();
    await stop();
  }
}

function cannotRun(command: string, problem: CommandProblem): never {
  failWith(problem === "not_found" ? CLI_TEXTS.commandNotFound : CLI_TEXTS.commandNotExecutable, {
    values: { command: JSON.stringify(command) },
    expected: true,
  });
}

interface SignalRelay {
  /** The first signal received; none yet. */
  readonly first: ExitSignal | undefined;
  /** Passes each signal from now on to the command. */
  relayTo(child: ChildProcess): void;
  dispose(): void;
}

/**
 * SIGINT, SIGTERM and SIGHUP, passed on to the command (a terminal's Ctrl-C reaches it directly
 * too: it is in our process group, as under npm or a shell). Listening keeps the process alive
 * on them, so that the sandbox outlives the command. A run inside another program (tests) has
 * its io's abort signal instead, passed on as SIGTERM.
 */
function relaySignals(io: CliIo): SignalRelay {
  let first: ExitSignal | undefined;
  let child: ChildProcess | undefined;
  const relay = (signal: ExitSignal) => {
    first ??= signal;
    child?.kill(signal);
  };
  const onAbort = () => relay("SIGTERM");
  if (io.stop?.aborted) onAbort();
  else if (io.stop) io.stop.addEventListener("abort", onAbort, { once: true });
  else for (const signal of EXIT_SIGNALS) process.on(signal, relay);
  return {
    get first() {
      return first;
    },
    relayTo(target) {
      child = target;
    },
    dispose() {
      io.stop?.removeEventListener("abort", onAbort);
      for (const signal of EXIT_SIGNALS) process.off(signal, relay);
    },
  };
}
