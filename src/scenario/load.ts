import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { validatorOf } from "../json-validator.ts";
import { SCENARIO_SCHEMA } from "../scenario-schema.ts";

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

/** A scenario file that cannot be run: what is wrong, where (a JSON pointer), in one line each. */
export class ScenarioFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join("; ")}`);
  }
}

/** The steps' action keys: each step has exactly one. */
export const STEP_ACTIONS = ["request", "ask", "clock", "fault", "trigger", "waitFor", "journal"] as const;

/**
 * Reads a scenario (JSON, or YAML for .yaml/.yml), checks it against the schema, and reads the
 * data it names (a path is beside the scenario). Every problem found is said with its JSON
 * pointer ("/steps/2: unknown property "reqest"").
 */
export async function loadScenario(file: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ScenarioFileError(file, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`]);
  }
  let document: unknown;
  try {
    document = /\.ya?ml$/i.test(extname(file)) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new ScenarioFileError(file, [
      `is not valid ${/\.ya?ml$/i.test(file) ? "YAML" : "JSON"}: ${(error as Error).message.split("\n")[0]}`,
    ]);
  }
  const validate = validatorOf(SCENARIO_SCHEMA);
  if (!validate(document))
    throw new ScenarioFileError(
      file,
      (validate.errors ?? [])
        .filter((error) => !["oneOf", "anyOf", "if"].includes(error.keyword))
        .map((error) => {
          const where = error.instancePath || "/";
          if (error.keyword === "additionalProperties")
            return `${where}: unknown property "${(error.params as { additionalProperty: string }).additionalProperty}"`;
          return `${where}: ${error.message}`;
        }),
    );
  const scenario = document as Omit<Scenario, "file">;
  const problems = scenario.steps.flatMap((step, index) => {
    const actions = STEP_ACTIONS.filter((action) => action in step);
    return actions.length === 1
      ? []
      : [
          `/steps/${index}: a step does one of ${STEP_ACTIONS.join(", ")}; this one does ${actions.length === 0 ? "none" : actions.join(" and ")}`,
        ];
  });
  if (problems.length > 0) throw new ScenarioFileError(file, problems);
  const data = typeof scenario.data === "string" ? await readData(file, scenario.data) : scenario.data;
  return { ...scenario, ...(data === undefined ? {} : { data }), file };
}

async function readData(file: string, path: string): Promise<unknown> {
  const where = resolve(dirname(file), path);
  try {
    return JSON.parse(await readFile(where, "utf8"));
  } catch (error) {
    throw new ScenarioFileError(file, [
      `/data: ${where} cannot be read as an export document (${(error as Error).message.split("\n")[0]})`,
    ]);
  }
}
