import { Command, InvalidArgumentError } from "commander";
import { SCENARIO_SCHEMA_PATH } from "../contracts/service-routes.ts";
import { parseDuration } from "../duration.ts";
import { failWith } from "../errors.ts";
import { type ExitSignal, registerCleanup, signalExitCode } from "../exit-cleanup.ts";
import { packagePath } from "../package-files.ts";
import { junitXml, scenarioLines, summaryLine } from "../scenario/report.ts";
import { hadInternalError } from "../scenario/run.ts";
import { agentProblems, FIX_THE_FILES, loadScenarioFiles, runLoadedScenarios } from "../scenario/run-files.ts";
import { scoreRuns } from "../scenario/score.ts";
import { taskJunitXml, taskSummaryLines } from "../scenario/task-report.ts";
import { shellWord } from "../shell-word.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import { type Cli, flushed } from "./io.ts";
import { wholeNumber } from "./journal-filter.ts";
import { reserveResultsFile } from "./results-file.ts";
import { runTarget, type TargetFlags } from "./run-target.ts";

interface RunFlags extends TargetFlags {
  json?: boolean;
  junit?: string;
  bail?: boolean;
  jobs: number;
  repeat: number;
  stepTimeout?: number;
  agent?: string;
}

export function scenariosCommand(cli: Cli): Command {
  // The examples the package ships, named from where the command runs (node_modules/agent-commerce-sandbox/examples/…).
  const examples = shellWord(packagePath("examples/scenarios", cli.io.cwd));
  const tasks = shellWord(packagePath("examples/tasks", cli.io.cwd));
  const agents = shellWord(packagePath("examples/agents", cli.io.cwd));
  return new Command("run")
    .argument("<files...>", "scenario files (JSON, or YAML for .yaml/.yml)")
    .option("--json", "print the results as JSON (a scenario per element, each step with ok and detail)")
    .option("--junit <file>", "also write the results as JUnit XML, for CI")
    .option("--bail", "start no scenario after one fails (the rest are listed as not run)")
    .option(
      "--step-timeout <duration>",
      "how long a step may take before it fails, where the step sets no timeout of its own (default 30s, 60s for a say step)",
      positiveDuration,
    )
    .option(
      "--agent <command>",
      "the agent under test, which say steps talk to: a command line the shell runs, once per scenario (default: SANDBOX_AGENT)",
    )
    .option(
      "--jobs <n>",
      "run up to n scenarios (or runs of them, with --repeat) at once, each on its own sandbox (the report keeps the files' order); fewer when the file descriptors (ulimit -n) would not last, said on stderr",
      wholeNumber(1),
      1,
    )
    .option(
      "--repeat <k>",
      "run each scenario (a task) k times, each on a sandbox of its own: the report gives each one's passes out of k, and the suite's pass^k and pass^1",
      wholeNumber(1),
      1,
    )
    .option(
      "--data-dir <dir>",
      "run against the sandbox running on this data dir, with its controls, one scenario at a time (no sandbox of their own)",
    )
    .option("--config <file>", "settings file, as for `sandbox start` (the given servers' tokens)")
    .option(
      "--storefront <url>",
      "run against this storefront, already running (with --wallet, --host: no sandbox of their own)",
    )
    .option("--wallet <url>", "run against this wallet, already running")
    .option("--host <url>", "run against this host app, already running")
    .option(
      "--service-token <token>",
      "the agent's service token of the given servers (default: BFF_SERVICE_TOKEN, else the sandbox's)",
    )
    .option(
      "--control-token <token>",
      "the control token of the given servers' controls (default: CONTROL_TOKEN, else the sandbox's)",
    )
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Each scenario runs against a sandbox of its own: every server on free ports, a temporary data",
          "dir, nothing shared with a sandbox you run. Its data is imported, its clock set and its faults",
          "added first; then its steps run in order, and a step that fails ends the scenario.",
          "Every file is checked against the scenario schema first (sandbox schema prints it; every",
          `server answers it at GET ${SCENARIO_SCHEMA_PATH}): a file that does not fit is named with the`,
          "JSON pointer of what is wrong, and nothing runs (exit 2). Exit 1 when a scenario fails, 0 when",
          "all pass, 3 when a step hit a bug of the runner's (BUG, with its stack: please report it). A",
          "server's errors go to stderr.",
          "With --data-dir the scenarios run against the sandbox running on that dir, with its controls, one at",
          "a time (the controls are global to a sandbox): a journal step checks what another agent did there.",
          "With --storefront/--wallet/--host they run against those servers as they are; a scenario that needs",
          "the controls (data, clock, faults, clock/fault/trigger/journal steps) runs only where they answer.",
          "Against a running sandbox, a scenario's data: and a step that imports, resets or clears the journal",
          "through the controls are refused, as is one that needs what is not there: one line each, nothing",
          "runs (exit 2).",
          "Ctrl-C, SIGTERM or SIGHUP stops the sandboxes, removes their dirs and prints and writes the reports",
          "of what ran (the scenarios cut short or not started are marked so); the run then ends by the signal",
          "(exit status 130, 143 or 129). --junit writes a file beside the path and renames it over it at the end.",
          "--repeat k runs each scenario k times, each time on fresh data (not with --data-dir or given servers),",
          "and reports each one's passes out of k, pass^k (the share of scenarios that passed all k runs) and",
          "pass^1 (the mean share of runs that passed); --json is then an object: those figures, and the results.",
          "JUnit has a case per run. Exit 0 only when every run of every scenario passed.",
          "With --agent (or SANDBOX_AGENT) each scenario starts the command, through the shell, with the",
          "variables of sandbox exec, SANDBOX_END_USER_ID/EMAIL (the scenario's user) and SANDBOX_MCP_URL (an",
          "MCP endpoint locked to that user), and its say steps talk to it: JSON lines on its stdin and",
          "stdout, one turn at a time; a file never names a command.",
          `What a scenario file holds, step by step: ${packagePath("docs/scenarios.md")}`,
          `Testing an agent of your own, in any language: ${packagePath("docs/agent-testing.md")}`,
        ],
        examples: [
          `npx sandbox run ${examples}/agent-adds-to-cart.yaml`,
          `npx sandbox run ${examples}/*.yaml --jobs 4 --junit results.xml`,
          "npx sandbox run flow.json --json | jq '.[] | select(.ok | not)'",
          "npx sandbox run scenarios/*.yaml --repeat 3 --jobs 4 --junit results.xml",
          "npx sandbox run agent-checks.yaml --data-dir .sandbox-data",
          'npx sandbox run tasks/*.yaml --agent "python3 my_agent.py"',
          `npx sandbox run ${tasks}/*.yaml --agent "node ${agents}/builtin-agent.mjs" --repeat 3`,
          "npx sandbox run smoke.yaml --storefront https://shop.staging.example --service-token $BFF_SERVICE_TOKEN",
        ],
      }),
    )
    .action(async (files: string[], flags: RunFlags) => {
      const loaded = await loadScenarioFiles(files);
      if (loaded.problems) {
        cli.io.stderr.write(`${loaded.problems.join("\n")}\nNothing ran: ${FIX_THE_FILES}.\n`);
        cli.exitCode = 2;
        return;
      }
      const { scenarios } = loaded;
      const command = flags.agent ?? cli.io.env.SANDBOX_AGENT;
      const agent = command ? { command, cwd: cli.io.cwd, env: cli.io.env } : undefined;
      const withoutAgent = agentProblems(scenarios, agent);
      if (withoutAgent.length > 0) {
        cli.io.stderr.write(`${withoutAgent.join("\n")}\nNothing ran.\n`);
        cli.exitCode = 2;
        return;
      }
      const target = await runTarget(flags, scenarios, cli.io);
      if (target.refused) {
        cli.io.stderr.write(`${target.refused.join("\n")}\nNothing ran.\n`);
        cli.exitCode = 2;
        return;
      }
      const { servers } = target;
      // The controls (clock, faults, journal) are global to a sandbox: scenarios that share one take turns.
      if (target.shared && flags.jobs > 1)
        cli.io.stderr.write(
          `sandbox run: --jobs ${flags.jobs}: one scenario at a time against a running sandbox, whose clock, faults and journal are global to it.\n`,
        );
      const jobs = target.shared ? 1 : flags.jobs;
      // A results file that cannot be written is said before anything runs, not after a green run.
      const junit = flags.junit
        ? await reserveResultsFile(flags.junit).catch((error: NodeJS.ErrnoException) =>
            failWith(CLI_TEXTS.cannotWriteResults, {
              values: { path: String(flags.junit), reason: error.code ?? error.message },
              expected: true,
            }),
          )
        : undefined;
      // A signal stops every scenario's sandbox (their own cleanup) and this run, whose reports then say what ran.
      const interrupt = new AbortController();
      let reported = () => {};
      const done = new Promise<void>((resolve) => (reported = resolve));
      const unregister = registerCleanup({
        onSignal: (signal) => {
          interrupt.abort(signal);
          return done;
        },
      });
      // A server's error (a 500's stack) goes to stderr as it happens, beside the report; once, when
      // the sandboxes of many scenarios say the same.
      const logged = new Set<string>();
      const logError = (message: string) => {
        if (logged.has(message)) return;
        logged.add(message);
        cli.io.stderr.write(`${message}\n`);
      };
      try {
        const results = await runLoadedScenarios(scenarios, {
          servers,
          logError,
          stepTimeoutMs: flags.stepTimeout,
          agent,
          jobs,
          repeat: flags.repeat,
          bail: Boolean(flags.bail),
          signal: interrupt.signal,
          onResult: (result) => {
            if (!flags.json) cli.print(scenarioLines(result).join("\n"));
          },
          say: (line) => cli.io.stderr.write(`${line}\n`),
        });
        // Each scenario once keeps the reports it always had; repeated, they score the tasks.
        const repeated = flags.repeat > 1;
        await junit?.write(repeated ? taskJunitXml(results) : junitXml(results));
        const json = () => JSON.stringify(repeated ? { ...scoreRuns(results), results } : results, null, 2);
        const text = () => (repeated ? taskSummaryLines(results).join("\n") : summaryLine(results));
        cli.print(flags.json ? json() : text());
        const signal = interrupt.signal.aborted ? (interrupt.signal.reason as ExitSignal) : undefined;
        cli.exitCode = signal
          ? signalExitCode(signal)
          : hadInternalError(results)
            ? 3
            : results.every((result) => result.ok)
              ? 0
              : 1;
        // An interrupted run's process ends by the signal once this resolves: its output must be out first.
        await Promise.all([flushed(cli.io.stdout), flushed(cli.io.stderr)]);
      } finally {
        unregister();
        await junit?.discard();
        reported();
      }
    });
}

/** A duration flag: "500ms", "30s", "2m" (a bare number is seconds, as for the other duration flags). */
function positiveDuration(text: string): number {
  const ms = parseDuration(text);
  if (ms === null) throw new InvalidArgumentError("expected a duration such as 30s, 500ms or 2m");
  return ms;
}
