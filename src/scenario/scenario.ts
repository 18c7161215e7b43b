// What a scenario file holds once it is read and checked (load.ts), as the runner takes it: typed
// from the scenario schema itself (src/scenario-schema.ts), so that a step's fields are the ones
// the schema lets a file write.
import type { FromSchema } from "../json-schema.ts";
import type { SCENARIO_SCHEMA } from "../scenario-schema.ts";

type Defs = (typeof SCENARIO_SCHEMA)["$defs"];

/** A step of a scenario, as the schema allows it (one action key, with expect and capture). */
export type Step = FromSchema<Defs["step"], Defs>;
/** A fault a scenario adds, before its steps or in a `fault: {add}` step. */
export type FaultSpec = FromSchema<Defs["fault"], Defs>;
/** A scenario's clock: set, advanced or reset. */
export type ClockSpec = FromSchema<Defs["clock"], Defs>;
/** The data a scenario imports first, run as a step of its setup (it is no step a file writes). */
export interface ImportStep {
  name: string;
  importData: unknown;
}
/** What the runner runs: a file's step, or the setup's import. */
export type RunStep = Step | ImportStep;
/** What a step expects of its answer. */
export type Expectation = NonNullable<Step["expect"]>;

/** A scenario read from its file and checked against SCENARIO_SCHEMA. */
export interface Scenario {
  name: string;
  file: string;
  /** Whom the agent under test acts for: a demo user's email or id (the first demo user when none). */
  user?: string;
  data?: unknown;
  clock?: ClockSpec;
  faults?: FaultSpec[];
  steps: Step[];
}
