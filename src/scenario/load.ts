import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import type { ErrorObject } from "ajv/dist/2020.js";
import { parse as parseYaml } from "yaml";
import { validatorOf } from "../json-validator.ts";
import { SCENARIO_SCHEMA } from "../scenario-schema.ts";
import { type DemoUser, loadDemoUsers } from "../users.ts";
import { select } from "./values.ts";

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
      `is not valid ${/\.ya?ml$/i.test(file) ? "YAML" : "JSON"}: ${(error as Error).message.split("\n")[0]?.replace(/:$/, "")}`,
    ]);
  }
  const validate = validatorOf(SCENARIO_SCHEMA);
  if (!validate(document))
    throw new ScenarioFileError(file, [
      ...new Set(
        (validate.errors ?? []).filter((error) => !SILENT_KEYWORDS.includes(error.keyword)).map(schemaProblem),
      ),
    ]);
  const scenario = document as Omit<Scenario, "file">;
  const problems = scenario.steps.flatMap((step, index) => {
    const actions = STEP_ACTIONS.filter((action) => action in step);
    return actions.length === 1
      ? []
      : [
          `/steps/${index}: a step does one of ${STEP_ACTIONS.join(", ")}; this one does ${actions.length === 0 ? "none" : actions.join(" and ")}`,
        ];
  });
  problems.push(...authoringProblems(scenario, await loadDemoUsers()));
  if (problems.length > 0) throw new ScenarioFileError(file, problems);
  const data = typeof scenario.data === "string" ? await readData(file, scenario.data) : scenario.data;
  return { ...scenario, ...(data === undefined ? {} : { data }), file };
}

/** Keywords whose own message says less than the errors under them (or beside them, for a name). */
const SILENT_KEYWORDS = ["oneOf", "anyOf", "if", "propertyNames"];

const SELECTOR = "a selector: $.path in the body ($.orders[0].orderId), $status or $headers.name";

/** A schema error in one line, at its JSON pointer, in the scenario's words rather than the schema's. */
function schemaProblem(error: ErrorObject): string {
  const where = error.instancePath || "/";
  const params = error.params as { additionalProperty?: string; allowedValues?: unknown[]; allowedValue?: unknown };
  if (error.propertyName !== undefined)
    return `${where}: "${error.propertyName}" is no variable name: use letters, digits and _ (order_id)`;
  if (/\/capture\/[^/]+(\/from)?$/.test(where) && error.keyword !== "additionalProperties")
    return `${where}: a capture is ${SELECTOR}; or { from: <selector>, match: <regular expression> }`;
  if (error.keyword === "additionalProperties") return `${where}: unknown property "${params.additionalProperty}"`;
  if (error.keyword === "enum")
    return `${where}: must be one of ${params.allowedValues?.map((value) => JSON.stringify(value)).join(", ")}`;
  if (error.keyword === "const") return `${where}: must be ${JSON.stringify(params.allowedValue)}`;
  if (error.keyword === "pattern" && (error.params as { pattern: string }).pattern === "^/")
    return `${where}: must be a path, starting with /`;
  return `${where}: ${error.message}`;
}

/**
 * What the schema cannot see but would fail at run time: a user who is no demo user, a selector
 * or a regular expression that does not parse. (Values with `${…}` are checked when they are
 * filled in.)
 */
function authoringProblems(scenario: Omit<Scenario, "file">, users: readonly DemoUser[]): string[] {
  const problems: string[] = [];
  const later = (text: string) => text.includes("${");
  const user = (where: string, who: unknown, anonymous = false) => {
    if (typeof who !== "string" || later(who) || (anonymous && who === "anonymous")) return;
    if (!users.some((each) => each.email === who || each.id === who))
      problems.push(
        `${where}: "${who}" is no demo user (${users.map((each) => each.email).join(", ")}${anonymous ? ", or anonymous" : ""})`,
      );
  };
  const selector = (where: string, text: string) => {
    if (later(text)) return;
    try {
      select(undefined, text);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  };
  const pattern = (where: string, text: unknown) => {
    if (typeof text !== "string" || later(text)) return;
    try {
      new RegExp(text);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  };
  // Every `matches` of a matcher, however deep (a `length` test holds a matcher too).
  const matchers = (where: string, value: unknown): void => {
    if (value === null || typeof value !== "object") return;
    for (const [key, each] of Object.entries(value)) {
      if (key === "matches") pattern(`${where}/matches`, each);
      else matchers(`${where}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`, each);
    }
  };
  // A variable is used only after a step captured it.
  const captured = new Set<string>();
  for (const [index, step] of scenario.steps.entries()) {
    const at = `/steps/${index}`;
    const { capture, ...uses } = step;
    for (const [, name] of JSON.stringify(uses).matchAll(/\$\{(\w+)\}/g))
      if (!captured.has(name as string)) problems.push(`${at}: \${${name}} is used before any step captures it`);
    for (const name of Object.keys(capture ?? {})) captured.add(name);
    const request = step.request as { as?: string; agent?: string } | undefined;
    user(`${at}/request/as`, request?.as, true);
    user(`${at}/request/agent`, request?.agent);
    user(`${at}/ask/as`, (step.ask as { as?: string } | undefined)?.as);
    user(`${at}/waitFor/as`, (step.waitFor as { as?: string } | undefined)?.as);
    for (const [line, wanted] of (
      (step.journal as { expect?: { user?: string }[] } | undefined)?.expect ?? []
    ).entries())
      user(`${at}/journal/expect/${line}/user`, wanted.user);
    for (const part of ["body", "event"] as const) {
      const checks = step.expect?.[part];
      if (checks && typeof checks === "object" && !Array.isArray(checks))
        for (const key of Object.keys(checks)) if (key.startsWith("$")) selector(`${at}/expect/${part}`, key);
    }
    matchers(`${at}/expect`, step.expect);
    for (const [name, spec] of Object.entries(step.capture ?? {})) {
      const from = typeof spec === "string" ? spec : spec.from;
      if (!/^\$(?:status$|headers\.)/.test(from)) selector(`${at}/capture/${name}`, from);
      if (typeof spec !== "string") pattern(`${at}/capture/${name}/match`, spec.match);
    }
  }
  return problems;
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
