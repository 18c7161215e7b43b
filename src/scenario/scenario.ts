// What a scenario file holds once it is read and checked (load.ts), as the runner takes it.

/** A step of a scenario, as the schema allows it (one action key, with expect and capture). */
export type Step = Record<string, unknown> & {
  name?: string;
  expect?: Record<string, unknown>;
  capture?: Record<string, string | { from: string; match: string }>;
};

/** A scenario read from its file and checked against SCENARIO_SCHEMA. */
export interface Scenario {
  name: string;
  file: string;
  data?: unknown;
  clock?: { set?: string; advance?: number | string; reset?: true };
  faults?: Record<string, unknown>[];
  steps: Step[];
}
