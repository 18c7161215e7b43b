import { loadActions } from "../agent/actions/definition.ts";
import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { connectionProblem } from "../client/connection.ts";
import { noteDescriptorShortage } from "../descriptors.ts";
import { errnoCode, messageOf, SandboxError, stackOf } from "../errors.ts";
import type { ExitSignal } from "../exit-cleanup.ts";
import type { ServiceName } from "../service-names.ts";
import { loadDemoUsers } from "../users.ts";
import type { AgentCommand } from "./agent-process.ts";
import { defaultTimeoutMs, stepTimeoutMs, withinTimeout } from "./deadline.ts";
import type { RunStep, Scenario } from "./scenario.ts";
import { RunState } from "./state.ts";
import { act } from "./steps.ts";
import { freshSandbox, givenServers, type Servers, type Target } from "./target.ts";
import { StepFailure, substitute } from "./values.ts";

export type { Servers };

/** What one step did: ok, or what was expected and what came back; or that it did not run (an earlier step failed). */
export interface StepResult {
  /** The step's number, from 1 as the report shows it; 0 for the setup (data, clock, faults). */
  index: number;
  label: string;
  ok: boolean;
  detail: string;
  skipped?: true;
  /** The step hit a bug, not a failed expectation: an exception no step throws on purpose, with its stack. */
  internal?: { stack: string };
}

export interface ScenarioResult {
  name: string;
  file: string;
  ok: boolean;
  steps: StepResult[];
  durationMs: number;
  /** Not run: --bail stopped at an earlier scenario that failed, or the run was interrupted first (then `interrupted` says by what). */
  notRun?: true;
  /** The signal that interrupted the run before this scenario started (with `notRun`) or before it ended (its step then was cut short). */
  interrupted?: ExitSignal;
  /** With --repeat above 1: which of the scenario's runs this is, from 1 to `repeat`. */
  run?: number;
  /** With --repeat above 1: how many times the scenario ran, each time on a sandbox of its own. */
  repeat?: number;
}

/** The result of a scenario --bail or an interruption left unrun: listed (and in JSON and JUnit) so none goes missing. */
export function notRunResult(scenario: Scenario, interrupted?: ExitSignal): ScenarioResult {
  return {
    name: scenario.name,
    file: scenario.file,
    ok: false,
    steps: [],
    durationMs: 0,
    notRun: true,
    ...(interrupted && { interrupted }),
  };
}

/** The say steps of a scenario, which need an agent under test (--agent): refused up front without one. */
export function agentNeeded(scenario: Scenario): string[] {
  return scenario.steps.flatMap((step, index) => (step.say === undefined ? [] : [`/steps/${index}`]));
}

/** The servers a scenario sends to that the given ones lack: refused up front. */
export function serversMissing(scenario: Scenario, urls: Servers["urls"]): string[] {
  const needs = new Set<ServiceName>();
  for (const step of scenario.steps) {
    const { request } = step;
    if (request?.server) needs.add(request.server);
    // The agent's session at the host app is registered with a wallet token: the wallet signs the user in.
    if (request?.agent && request.server === "host") needs.add("wallet");
    if (step.waitFor) needs.add("storefront");
    // The built-in agent reads both the storefront and the wallet (through the host app).
    if (step.ask) needs.add("storefront").add("wallet").add("host");
  }
  return [...needs].filter((server) => !urls[server]);
}

/** What of a scenario needs the sandbox's controls (/__sandbox/): refused up front against given servers whose controls do not answer. */
export function controlsNeeded(scenario: Scenario): string[] {
  return [
    ...(scenario.data === undefined ? [] : ["data"]),
    ...(scenario.clock ? ["clock"] : []),
    ...(scenario.faults?.length ? ["faults"] : []),
    ...scenario.steps.flatMap((step, index) =>
      (["clock", "fault", "trigger", "journal"] as const)
        .filter((action) => action in step)
        .map((action) => `step ${index + 1} (${action})`),
    ),
    // The agent's calls during a turn are read from the journal.
    ...scenario.steps.flatMap((step, index) =>
      step.say && step.expect?.calls ? [`step ${index + 1} (say's calls)`] : [],
    ),
  ];
}

/**
 * Runs a scenario against a sandbox of its own (every server, on free ports, on a temporary data
 * dir), or against given servers: imports its data, sets its clock, adds its faults, then runs
 * the steps in order, each one against what the steps before it left. A step that fails ends the
 * scenario; a sandbox of its own is stopped and its data dir removed whatever happens. A sandbox
 * that cannot start fails the scenario with its cause. When `signal` aborts (its reason is the
 * signal that interrupted the run), the step under way is cut short and no other one runs.
 */
export async function runScenario(
  scenario: Scenario,
  options: {
    servers?: Servers;
    logError?: (message: string) => void;
    signal?: AbortSignal;
    /** A step's timeout when it sets none (--step-timeout); 30 s by default, 60 s for a say step. */
    stepTimeoutMs?: number;
    /** The agent under test, which the say steps talk to (--agent). */
    agent?: AgentCommand;
  } = {},
): Promise<ScenarioResult> {
  const started = performance.now();
  const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
  const steps: StepResult[] = [];
  const interrupted = () => (options.signal?.aborted ? (options.signal.reason as ExitSignal) : undefined);
  let cutBy: ExitSignal | undefined;
  let target: Target | undefined;
  try {
    target = options.servers ? givenServers(options.servers) : await freshSandbox(logError);
    const state = new RunState(target, await loadDemoUsers(), await loadActions(DEFAULT_ACTIONS_DIR), {
      agent: options.agent,
      user: scenario.user,
      logError,
    });
    try {
      const setup = setupSteps(scenario);
      for (const [index, step] of [...setup, ...scenario.steps].entries()) {
        const number = Math.max(0, index - setup.length + 1);
        const label = step.name ?? describe(step);
        cutBy ??= interrupted();
        if (cutBy || steps.some((done) => !done.ok)) {
          const why = cutBy ? `the run was interrupted (${cutBy})` : "an earlier step failed";
          steps.push({ index: number, label, ok: false, detail: `not run: ${why}`, skipped: true });
          continue;
        }
        const timeoutMs = options.stepTimeoutMs ?? defaultTimeoutMs(step);
        const result = await unlessAborted(runStep(step, number, state, timeoutMs, options.signal), options.signal);
        cutBy = result ? undefined : interrupted();
        steps.push(
          result ?? { index: number, label, ok: false, detail: `cut short: the run was interrupted (${cutBy})` },
        );
      }
    } finally {
      await state.close();
    }
  } catch (error) {
    // Before the first step: the sandbox, or what the steps read, could not be had (or a signal stopped its start).
    noteDescriptorShortage(error);
    cutBy = interrupted();
    steps.push({ index: 0, label: "start the scenario's sandbox", ok: false, ...failureOf(error) });
  } finally {
    await target?.close().catch((error: unknown) => {
      noteDescriptorShortage(error);
      logError(`The scenario's sandbox did not stop cleanly: ${messageOf(error)}`);
    });
  }
  return {
    name: scenario.name,
    file: scenario.file,
    ok: steps.every((step) => step.ok),
    steps,
    durationMs: Math.round(performance.now() - started),
    ...(cutBy && { interrupted: cutBy }),
  };
}

/** What the promise resolves with; or undefined once the signal aborts first. */
async function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  let onAbort = () => {};
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** The scenario's data, clock and faults, as the steps that set them up (numbered before the first). */
function setupSteps(scenario: Scenario): RunStep[] {
  return [
    ...(scenario.data === undefined ? [] : [{ name: "import the data", importData: scenario.data }]),
    ...(scenario.clock ? [{ name: "set the clock", clock: scenario.clock }] : []),
    ...(scenario.faults ?? []).map((fault) => ({ name: `add a fault on ${fault.route}`, fault: { add: fault } })),
  ];
}

async function runStep(
  raw: RunStep,
  index: number,
  state: RunState,
  timeoutMs: number,
  interrupt?: AbortSignal,
): Promise<StepResult> {
  let label = raw.name ?? describe(raw);
  try {
    // The data is imported as written: no variable is captured before it, and `${` in it is text.
    const step = "importData" in raw ? raw : substitute(raw, state.variables);
    label = step.name ?? describe(step);
    const detail = await withinTimeout(
      label,
      stepTimeoutMs(step, timeoutMs),
      (signal) => act(step, state, signal),
      interrupt,
    );
    return { index, label, ok: true, detail };
  } catch (error) {
    noteDescriptorShortage(error);
    return { index, label, ok: false, ...failureOf(error) };
  }
}

/**
 * What a step's exception says: a failed expectation, a refusal of the sandbox's, a system call
 * that failed (a sandbox that cannot start, a process out of descriptors) or a server that
 * stopped answering is the step's failure; anything else is a bug of the runner's, said as one,
 * with its stack.
 */
export function failureOf(error: unknown): Pick<StepResult, "detail" | "internal"> {
  if (error instanceof StepFailure || error instanceof SandboxError) return { detail: error.message };
  if (errnoCode(error)) return { detail: messageOf(error) };
  // fetch's own failure says only "fetch failed": its cause says why (a server that stopped).
  if (error instanceof TypeError && error.cause) return { detail: `no answer: ${connectionProblem(error)}` };
  const bug = error instanceof Error ? error : new Error(String(error));
  return {
    detail: `internal error: ${bug.name}: ${bug.message}`,
    internal: { stack: stackOf(bug) },
  };
}

/** Whether any step of the results hit a bug rather than a failed expectation (`sandbox run` exits 3). */
export function hadInternalError(results: readonly ScenarioResult[]): boolean {
  return results.some((result) => result.steps.some((step) => step.internal));
}

/** A step's label when it has no name: what it does. */
function describe(step: RunStep): string {
  if ("importData" in step) return "import data";
  if (step.request) return `${step.request.method ?? "GET"} ${step.request.server} ${step.request.path}`;
  if (step.ask) return `ask "${step.ask.question}"`;
  if (step.say) return `say "${step.say}"`;
  if (step.clock) return `clock ${JSON.stringify(step.clock)}`;
  if (step.fault) return `fault ${JSON.stringify(step.fault)}`;
  if (step.trigger) return `trigger ${JSON.stringify(step.trigger)}`;
  if (step.waitFor) return `wait for a ${step.waitFor.stream} event`;
  return "journal";
}
