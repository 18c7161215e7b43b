import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { loadActions } from "../agent/actions/definition.ts";
import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { errnoCode } from "../errors.ts";
import { validatorOf } from "../json-validator.ts";
import { SCENARIO_SCHEMA } from "../scenario-schema.ts";
import { loadDemoUsers } from "../users.ts";
import { authoringProblems } from "./authoring-problems.ts";
import { readDataFile } from "./data-file.ts";
import { parseDocument } from "./document.ts";
import type { Scenario } from "./scenario.ts";
import { schemaProblems } from "./schema-problems.ts";

/** A scenario file that cannot be run: what is wrong, where (a JSON pointer), in one line each. */
export class ScenarioFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join("; ")}`);
  }
}

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
    throw new ScenarioFileError(file, [`cannot be read (${errnoCode(error) ?? "unreadable"})`]);
  }
  const parsed = parseDocument(text, /\.ya?ml$/i.test(extname(file)) ? "YAML" : "JSON");
  if ("problem" in parsed) throw new ScenarioFileError(file, [parsed.problem]);
  const { document } = parsed;
  const validate = validatorOf(SCENARIO_SCHEMA, { thorough: true });
  const errors = validate(document) ? [] : (validate.errors ?? []);
  const scenario = document as Omit<Scenario, "file">;
  const problems = schemaProblems(errors);
  // What the schema cannot see is looked for too, in the parts it found no fault in.
  if (scenario !== null && typeof scenario === "object" && !Array.isArray(scenario)) {
    const sound = (pointer: string) =>
      !errors.some((error) => error.instancePath === pointer || error.instancePath.startsWith(`${pointer}/`));
    problems.push(...authoringProblems(scenario, await loadDemoUsers(), await loadActions(DEFAULT_ACTIONS_DIR), sound));
  }
  // By the part of the file they are in (/clock, /faults/1, /steps/10 after /steps/9), each part's in the order found.
  const part = (problem: string) => /^\/[^/:]*(\/\d+)?/.exec(problem)?.[0] ?? "";
  problems.sort((a, b) => part(a).localeCompare(part(b), "en", { numeric: true }));
  if (problems.length > 0) throw new ScenarioFileError(file, problems);
  let { data } = scenario;
  if (typeof data === "string") {
    const read = await readDataFile(resolve(dirname(file), data));
    if ("problem" in read) throw new ScenarioFileError(file, [`/data: ${read.problem}`]);
    data = read.document;
  }
  return { ...scenario, ...(data === undefined ? {} : { data }), file };
}
