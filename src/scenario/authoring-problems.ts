import type { ActionDefinition } from "../agent/actions/definition.ts";
import { parseFault } from "../contracts/controls/fault.ts";
import { parseInstant } from "../contracts/instant.ts";
import { messageOf } from "../errors.ts";
import { type DemoUser, journalUserId } from "../users.ts";
import type { ClockSpec, FaultSpec, Scenario } from "./scenario.ts";
import { eventStreamProblem } from "./streams.ts";
import { select, variablesIn } from "./values.ts";

/**
 * What the schema cannot see but would fail at run time, each at its JSON pointer: a user who is no
 * demo user, a selector or a regular expression that does not parse, a variable used before a step
 * captures it, a clock time or a fault the controls would refuse, an action the agent lacks, a
 * request to an event stream (which would never end). (Values with `${…}` are checked when they
 * are filled in; `$${` is the text `${`.) Only the parts the schema found
 * `sound` are looked at, so that a file's every problem is said in one run.
 */
export function authoringProblems(
  scenario: Omit<Scenario, "file">,
  users: readonly DemoUser[],
  actions: readonly ActionDefinition[],
  sound: (pointer: string) => boolean = () => true,
): string[] {
  const problems: string[] = [];
  const later = (text: string) => variablesIn(text).length > 0;
  // The controls' own checks, run here so that a mistake is said before anything runs.
  const refused = (where: string, value: unknown, check: () => unknown) => {
    if (value === undefined || later(JSON.stringify(value))) return;
    try {
      check();
    } catch (error) {
      problems.push(`${where}: ${messageOf(error)}`);
    }
  };
  const clock = (where: string, spec: ClockSpec | undefined) => {
    const set = spec?.set;
    if (set !== undefined) refused(`${where}/set`, set, () => parseInstant("set", set, "start"));
  };
  const fault = (where: string, spec: FaultSpec | undefined) => {
    if (spec !== undefined) refused(where, spec, () => parseFault(spec));
  };
  if (sound("/clock")) clock("/clock", scenario.clock);
  const faults = sound("/faults") && Array.isArray(scenario.faults) ? scenario.faults : [];
  for (const [index, spec] of faults.entries()) if (sound(`/faults/${index}`)) fault(`/faults/${index}`, spec);
  const user = (where: string, who: unknown, anonymous = false) => {
    if (typeof who !== "string" || later(who) || (anonymous && who === "anonymous")) return;
    if (!users.some((each) => each.email === who || each.id === who))
      problems.push(
        `${where}: "${who}" is no demo user (${users.map((each) => each.email).join(", ")}${anonymous ? ", or anonymous" : ""})`,
      );
  };
  if (sound("/user")) user("/user", scenario.user);
  // The journal is filtered by the ids requests carried: any id matches as given, an email must be a demo user's.
  const journalUser = (where: string, who: unknown) => {
    if (typeof who !== "string" || later(who) || journalUserId(who, users) !== undefined) return;
    problems.push(`${where}: "${who}" is no demo user's email (${users.map((each) => each.email).join(", ")})`);
  };
  const selector = (where: string, text: string) => {
    if (later(text)) return;
    try {
      select(undefined, text);
    } catch (error) {
      problems.push(`${where}: ${messageOf(error)}`);
    }
  };
  const pattern = (where: string, text: unknown) => {
    if (typeof text !== "string" || later(text)) return;
    try {
      new RegExp(text);
    } catch (error) {
      problems.push(`${where}: ${messageOf(error)}`);
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
  for (const [index, step] of (Array.isArray(scenario.steps) ? scenario.steps : []).entries()) {
    const at = `/steps/${index}`;
    if (!sound(at)) {
      // Its captures still count for the steps after it.
      if (step?.capture && typeof step.capture === "object")
        for (const name of Object.keys(step.capture)) captured.add(name);
      continue;
    }
    const { capture, ...uses } = step;
    for (const name of variablesIn(JSON.stringify(uses)))
      if (/^\w+$/.test(name) && !captured.has(name))
        problems.push(`${at}: \${${name}} is used before any step captures it`);
    for (const name of Object.keys(capture ?? {})) captured.add(name);
    clock(`${at}/clock`, step.clock);
    fault(`${at}/fault/add`, step.fault?.add);
    const action = step.expect?.action;
    if (typeof action === "string" && !later(action) && !actions.some((each) => each.name === action))
      problems.push(
        `${at}/expect/action: "${action}" is no action of the agent's (${actions.map((each) => each.name).join(", ")})`,
      );
    const { request } = step;
    if (request && !later(request.path)) {
      const stream = eventStreamProblem(request.server, request.method ?? "GET", request.path);
      if (stream) problems.push(`${at}/request/path: ${stream}`);
    }
    user(`${at}/request/as`, step.request?.as, true);
    user(`${at}/request/agent`, step.request?.agent);
    user(`${at}/ask/as`, step.ask?.as);
    user(`${at}/waitFor/as`, step.waitFor?.as);
    for (const [line, wanted] of (step.journal?.expect ?? []).entries())
      journalUser(`${at}/journal/expect/${line}/user`, wanted.user);
    for (const [line, wanted] of (step.expect?.calls ?? []).entries()) {
      user(`${at}/expect/calls/${line}/user`, wanted.user);
      const checks = wanted.body;
      if (checks && typeof checks === "object" && !Array.isArray(checks))
        for (const key of Object.keys(checks))
          if (key.startsWith("$")) selector(`${at}/expect/calls/${line}/body`, key);
    }
    // What only a say step has: its reply and the agent's calls.
    if (step.say === undefined && (step.expect?.reply !== undefined || step.expect?.calls))
      problems.push(
        `${at}/expect: reply and calls are what a say step expects, and this step says nothing to the agent`,
      );
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
