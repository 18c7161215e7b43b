import { loadActions } from "../agent/actions/definition.ts";
import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { connectionProblem } from "../client/connection.ts";
import { SandboxError, stackOf } from "../errors.ts";
import type { ServiceName } from "../service-names.ts";
import { loadDemoUsers } from "../users.ts";
import { DEFAULT_STEP_TIMEOUT_MS, stepTimeoutMs, withinTimeout } from "./deadline.ts";
import type { RunStep, Scenario } from "./scenario.ts";
import { RunState } from "./state.ts";
import { act } from "./steps.ts";
import { freshSandbox, givenServers, type Servers } from "./target.ts";
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
  /** Not run: --bail stopped at an earlier scenario that failed. */
  notRun?: true;
}

/** The result of a scenario --bail left unrun: listed (and in JSON and JUnit) so none goes missing. */
export function notRunResult(scenario: Scenario): ScenarioResult {
  return { name: scenario.name, file: scenario.file, ok: false, steps: [], durationMs: 0, notRun: true };
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

/** What of a scenario needs the sandbox's controls (/__sandbox/): refused up front when it runs against given servers. */
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
  ];
}

/**
 * Runs a scenario against a sandbox of its own (every server, on free ports, on a temporary data
 * dir), or against given servers: imports its data, sets its clock, adds its faults, then runs
 * the steps in order, each one against what the steps before it left. A step that fails ends the
 * scenario; a sandbox of its own is stopped and its data dir removed whatever happens.
 */
export async function runScenario(
  scenario: Scenario,
  options: {
    servers?: Servers;
    logError?: (message: string) => void;
    /** A step's timeout when it sets none (--step-timeout); 30 s by default. */
    stepTimeoutMs?: number;
  } = {},
): Promise<ScenarioResult> {
  const started = performance.now();
  const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
  const target = options.servers ? givenServers(options.servers) : await freshSandbox(logError);
  const steps: StepResult[] = [];
  const state = new RunState(target, await loadDemoUsers(), await loadActions(DEFAULT_ACTIONS_DIR));
  try {
    const setup = setupSteps(scenario);
    const all = [...setup, ...scenario.steps];
    for (const [index, step] of all.entries()) {
      const number = Math.max(0, index - setup.length + 1);
      if (steps.some((done) => !done.ok)) {
        steps.push({
          index: number,
          label: step.name ?? describe(step),
          ok: false,
          detail: "not run: an earlier step failed",
          skipped: true,
        });
        continue;
      }
      steps.push(await runStep(step, number, state, options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS));
    }
  } finally {
    await state.close();
    await target.close();
  }
  return {
    name: scenario.name,
    file: scenario.file,
    ok: steps.every((step) => step.ok),
    steps,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The scenario's data, clock and faults, as the steps that set them up (numbered before the first). */
function setupSteps(scenario: Scenario): RunStep[] {
  return [
    ...(scenario.data === undefined ? [] : [{ name: "import the data", importData: scenario.data }]),
    ...(scenario.clock ? [{ name: "set the clock", clock: scenario.clock }] : []),
    ...(scenario.faults ?? []).map((fault) => ({ name: `add a fault on ${fault.route}`, fault: { add: fault } })),
  ];
}

async function runStep(raw: RunStep, index: number, state: RunState, timeoutMs: number): Promise<StepResult> {
  let label = raw.name ?? describe(raw);
  try {
    // The data is imported as written: no variable is captured before it, and `${` in it is text.
    const step = "importData" in raw ? raw : substitute(raw, state.variables);
    label = step.name ?? describe(step);
    const detail = await withinTimeout(label, stepTimeoutMs(step, timeoutMs), (signal) => act(step, state, signal));
    return { index, label, ok: true, detail };
  } catch (error) {
    return { index, label, ok: false, ...failureOf(error) };
  }
}

/**
 * What a step's exception says: a failed expectation, a refusal of the sandbox's or a server that
 * stopped answering is the step's failure; anything else is a bug of the runner's, said as one,
 * with its stack.
 */
export function failureOf(error: unknown): Pick<StepResult, "detail" | "internal"> {
  if (error instanceof StepFailure || error instanceof SandboxError) return { detail: error.message };
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
  if (step.clock) return `clock ${JSON.stringify(step.clock)}`;
  if (step.fault) return `fault ${JSON.stringify(step.fault)}`;
  if (step.trigger) return `trigger ${JSON.stringify(step.trigger)}`;
  if (step.waitFor) return `wait for a ${step.waitFor.stream} event`;
  return "journal";
}
