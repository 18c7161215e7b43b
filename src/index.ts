/**
 * The package's entry: `import { startSandbox } from "agent-commerce-sandbox"` starts the three servers in
 * this process on free ports, for a test suite that wants its own sandbox (src/runtime/start-sandbox.ts).
 */
export { ControlsClient } from "./client/controls-client.ts";
export { SandboxError } from "./errors.ts";
export {
  type SandboxUrls,
  type ServiceList,
  type StartedSandbox,
  type StartedServices,
  type StartSandboxOptions,
  startSandbox,
} from "./runtime/start-sandbox.ts";

import type { CartStream } from "./runtime/cart-stream.ts";
import type { AgentAnswer, AgentSession, SandboxHelpers, SignedIn, UserRef } from "./runtime/sandbox-helpers.ts";
import type { ScenarioResult, StepResult } from "./scenario/run.ts";
import type { RunScenariosOptions } from "./scenario/run-files.ts";
import type { SuiteScore, TaskScore } from "./scenario/score.ts";
import type { DemoUser } from "./users.ts";

/** pass^k and pass^1 of runScenarios' results with `repeat`: what `sandbox run --repeat k --json` prints beside them. */
export { scoreRuns } from "./scenario/score.ts";
export type {
  AgentAnswer,
  AgentSession,
  CartStream,
  DemoUser,
  RunScenariosOptions,
  SandboxHelpers,
  ScenarioResult,
  SignedIn,
  StepResult,
  SuiteScore,
  TaskScore,
  UserRef,
};

/**
 * Runs scenario files as `sandbox run` does, each on a sandbox of its own, and resolves with the
 * results `sandbox run --json` prints (with `repeat` above 1, its `results`, each scenario's runs
 * in a row). The scenario runner loads when this is first called.
 */
export async function runScenarios(files: readonly string[], options?: RunScenariosOptions): Promise<ScenarioResult[]> {
  const { runScenarioFiles } = await import("./scenario/run-files.ts");
  return runScenarioFiles(files, options);
}
