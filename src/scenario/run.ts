import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTarget } from "../agent/actions/call.ts";
import { type ActionDefinition, loadActions } from "../agent/actions/definition.ts";
import { signInAsApp } from "../agent/as-app.ts";
import { ask } from "../agent/ask.ts";
import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { ControlsClient } from "../client/controls-client.ts";
import type { JournalEntry } from "../client/wire.ts";
import { loadConfig } from "../config/load.ts";
import type { ServiceName, ServiceUrls } from "../config/options.ts";
import { startServers } from "../runtime/sandbox.ts";
import { type DemoUser, loadDemoUsers } from "../users.ts";
import type { Scenario, Step } from "./load.ts";
import { CartWatch } from "./streams.ts";
import { durationMs, mismatch, StepFailure, select, show, substitute } from "./values.ts";

/** What one step did: ok, or what was expected and what came back. */
export interface StepResult {
  index: number;
  label: string;
  ok: boolean;
  detail: string;
}

export interface ScenarioResult {
  name: string;
  file: string;
  ok: boolean;
  steps: StepResult[];
  durationMs: number;
}

/** Servers already running (a sandbox, a staging deployment) that scenarios run against, instead of a sandbox of their own. */
export interface Servers {
  urls: ServiceUrls;
  /** The agent's service token (BFF_SERVICE_TOKEN), for the agent's requests. */
  serviceToken: string;
  walletPrefix: string;
}

/** The servers a scenario talks to, and what acts on them. */
interface Target extends Servers {
  controls: ControlsClient;
  /** Servers the scenario did not start: their controls may be closed, and their clock is their own. */
  given: boolean;
  close(): Promise<void>;
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
        .map((action) => `steps/${index} (${action})`),
    ),
  ];
}

/**
 * Runs a scenario against a sandbox of its own (every server, on free ports, on a temporary data
 * dir): imports its data, sets its clock, adds its faults, then runs the steps in order, each one
 * against what the steps before it left. A step that fails ends the scenario; the sandbox is
 * stopped and its data dir removed whatever happens.
 */
export async function runScenario(scenario: Scenario, options: { servers?: Servers } = {}): Promise<ScenarioResult> {
  const started = performance.now();
  const target = options.servers ? givenServers(options.servers) : await freshSandbox();
  const steps: StepResult[] = [];
  const state = new RunState(target, await loadDemoUsers(), await loadActions(DEFAULT_ACTIONS_DIR));
  try {
    const setup = setupSteps(scenario);
    for (const [index, step] of [...setup, ...scenario.steps].entries()) {
      const result = await runStep(step, index - setup.length, state);
      steps.push(result);
      if (!result.ok) break;
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
function setupSteps(scenario: Scenario): Step[] {
  return [
    ...(scenario.data === undefined ? [] : [{ name: "import the data", importData: scenario.data }]),
    ...(scenario.clock ? [{ name: "set the clock", clock: scenario.clock }] : []),
    ...(scenario.faults ?? []).map((fault) => ({ name: `add a fault on ${fault.route}`, fault: { add: fault } })),
  ];
}

function givenServers(servers: Servers): Target {
  const any = servers.urls.storefront ?? servers.urls.wallet ?? servers.urls.host;
  return { ...servers, controls: new ControlsClient(any as string), given: true, close: async () => {} };
}

async function freshSandbox(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-run-"));
  const config = await loadConfig({
    env: {},
    cwd: dataDir,
    flags: { storefrontPort: 0, walletPort: 0, hostPort: 0, dataDir, only: "storefront,wallet,host" },
  });
  const sandbox = await startServers(config, { logError: () => {} });
  return {
    urls: sandbox.urls,
    controls: new ControlsClient(sandbox.urls.storefront as string),
    serviceToken: config.bffServiceToken,
    walletPrefix: config.walletPrefix,
    given: false,
    close: async () => {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the steps share: the variables captured so far, the users' tokens, the open cart streams. */
class RunState {
  readonly variables = new Map<string, unknown>();
  readonly #tokens = new Map<string, Promise<string>>();
  readonly #agents = new Map<string, Promise<AgentTarget>>();
  readonly #carts = new Map<string, CartWatch>();

  constructor(
    readonly target: Target,
    readonly users: readonly DemoUser[],
    readonly actions: readonly ActionDefinition[],
  ) {}

  user(who: string): DemoUser {
    const user = this.users.find((each) => each.email === who || each.id === who);
    if (!user) throw new StepFailure(`"${who}" is no demo user (see npx sandbox users)`);
    return user;
  }

  /** The user's bearer token at a server (the host app takes the wallet's). */
  token(server: ServiceName, who: string): Promise<string> {
    const login: ServiceName = server === "host" ? "wallet" : server;
    const user = this.user(who);
    const key = `${login} ${user.id}`;
    let token = this.#tokens.get(key);
    if (!token) {
      token = logIn(this.url(login), user);
      this.#tokens.set(key, token);
    }
    return token;
  }

  /** The agent acting for a user, with the user signed in as the app does (agent sessions registered). */
  agent(who: string): Promise<AgentTarget> {
    const user = this.user(who);
    let agent = this.#agents.get(user.id);
    if (!agent) {
      agent = signInAsApp(this.target.urls, user).then(({ walletToken }) => ({
        urls: this.target.urls,
        serviceToken: this.target.serviceToken,
        walletPrefix: this.target.walletPrefix,
        endUserId: user.id,
        endUserName: user.name,
        walletToken: async () => walletToken as string,
        // Given servers keep their own time: the agent counts days from the system's.
        ...(this.target.given ? {} : { now: async () => new Date((await this.target.controls.clock()).now) }),
      }));
      this.#agents.set(user.id, agent);
    }
    return agent;
  }

  async cart(who: string): Promise<CartWatch> {
    const user = this.user(who);
    let watch = this.#carts.get(user.id);
    if (!watch) {
      watch = await CartWatch.open(this.url("storefront"), await this.token("storefront", who));
      this.#carts.set(user.id, watch);
    }
    return watch;
  }

  url(server: ServiceName): string {
    const url = this.target.urls[server];
    if (!url) throw new StepFailure(`the ${server} is not running`);
    return url;
  }

  async close(): Promise<void> {
    for (const watch of this.#carts.values()) watch.close();
  }
}

async function logIn(base: string, user: DemoUser): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new StepFailure(`${user.email} could not log in at ${base}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function runStep(raw: Step, index: number, state: RunState): Promise<StepResult> {
  let label = raw.name ?? describe(raw);
  try {
    const step = substitute(raw, state.variables);
    label = step.name ?? describe(step);
    const detail = await act(step, state);
    return { index, label, ok: true, detail };
  } catch (error) {
    if (!(error instanceof StepFailure) && !(error instanceof Error)) throw error;
    return { index, label, ok: false, detail: error.message };
  }
}

/** A step's label when it has no name: what it does. */
function describe(step: Step): string {
  const request = step.request as { server: string; method?: string; path: string } | undefined;
  if (request) return `${request.method ?? "GET"} ${request.server} ${request.path}`;
  if (step.ask) return `ask "${(step.ask as { question: string }).question}"`;
  if (step.clock) return `clock ${JSON.stringify(step.clock)}`;
  if (step.fault) return `fault ${JSON.stringify(step.fault)}`;
  if (step.trigger) return `trigger ${JSON.stringify(step.trigger)}`;
  if (step.waitFor) return `wait for a ${(step.waitFor as { stream: string }).stream} event`;
  if (step.journal) return "journal";
  return "import data";
}

/** Does the step, checks what it expects, captures what it names; answers what came back, in one line. */
async function act(step: Step, state: RunState): Promise<string> {
  const { controls } = state.target;
  if ("importData" in step) {
    const { imported } = await controls.importData(step.importData);
    return `imported ${imported.join(", ")}`;
  }
  if (step.request) return request(step, state);
  if (step.ask) return askStep(step, state);
  if (step.clock) {
    const clock = step.clock as { set?: string; advance?: number | string; reset?: true };
    const state_ = clock.set
      ? await controls.setClock(clock.set)
      : clock.advance !== undefined
        ? await controls.advanceClock(durationMs(clock.advance))
        : await controls.resetClock();
    return `the clock reads ${state_.now}`;
  }
  if (step.fault) {
    const fault = step.fault as { add?: Record<string, unknown>; clear?: true | string };
    if (fault.add) {
      const added = await controls.addFault(fault.add as never);
      return `fault ${added.id} on ${added.service} ${added.route}`;
    }
    const cleared = await controls.clearFaults(fault.clear === true ? undefined : fault.clear);
    return `cleared ${cleared.length === 1 ? "1 fault" : `${cleared.length} faults`}`;
  }
  if (step.trigger) return trigger(step, state);
  if (step.waitFor) return waitFor(step, state);
  return journal(step, state);
}

async function request(step: Step, state: RunState): Promise<string> {
  const spec = step.request as {
    server: ServiceName;
    method?: string;
    path: string;
    as?: string;
    agent?: string;
    headers?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
  };
  const headers: Record<string, string> = { accept: "application/json", ...spec.headers };
  if (spec.agent) {
    // The user's app has signed in and registered the agent's session, as it does before the agent acts.
    await state.agent(spec.agent);
    headers.authorization = `Bearer ${state.target.serviceToken}`;
    headers["x-end-user-id"] = state.user(spec.agent).id;
  } else if (spec.as && spec.as !== "anonymous")
    headers.authorization = `Bearer ${await state.token(spec.server, spec.as)}`;
  if (spec.body !== undefined) headers["content-type"] ??= "application/json";
  if (spec.form) headers["content-type"] ??= "application/x-www-form-urlencoded";
  const method = spec.method ?? "GET";
  const sent = spec.form
    ? new URLSearchParams(spec.form).toString()
    : spec.body === undefined
      ? undefined
      : JSON.stringify(spec.body);
  // Redirects are not followed: a scenario checks what the server said (an OAuth 302 and its Location).
  const response = await fetch(`${state.url(spec.server)}${spec.path}`, {
    method,
    headers,
    redirect: "manual",
    ...(sent === undefined ? {} : { body: sent }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: its text is what the selectors and matchers see.
  }
  const seen = `${method} ${spec.path} → ${response.status}`;
  const expect = step.expect ?? {};
  if (expect.status !== undefined) check("status", expect.status, response.status, seen);
  for (const [name, wanted] of Object.entries((expect.headers ?? {}) as Record<string, unknown>))
    check(`header ${name}`, wanted, response.headers.get(name) ?? undefined, seen);
  checkBody(expect.body, body, seen);
  capture(step, { status: response.status, headers: response.headers, body }, state);
  return seen;
}

async function askStep(step: Step, state: RunState): Promise<string> {
  const spec = step.ask as { question: string; as: string };
  const target = await state.agent(spec.as);
  const transcript = await ask(spec.question, { actions: state.actions, target });
  const seen = `${transcript.action}${Object.keys(transcript.parameters).length ? ` ${JSON.stringify(transcript.parameters)}` : ""}: ${transcript.answer}`;
  const expect = step.expect ?? {};
  if (expect.action !== undefined) check("action", expect.action, transcript.action, seen);
  for (const [name, wanted] of Object.entries((expect.parameters ?? {}) as Record<string, unknown>))
    check(`parameter ${name}`, wanted, transcript.parameters[name], seen);
  if (expect.answer !== undefined) check("answer", expect.answer, transcript.answer, seen);
  if (expect.followUp !== undefined) check("follow-up", expect.followUp, transcript.followUp?.question, seen);
  if (expect.refused !== undefined) check("refused", expect.refused, Boolean(transcript.refused), seen);
  capture(step, { body: { ...transcript, call: undefined, explanation: undefined } }, state);
  return seen;
}

async function trigger(step: Step, state: RunState): Promise<string> {
  const { controls } = state.target;
  const spec = step.trigger as {
    orderDelivered?: string;
    transaction?: Record<string, unknown>;
    transactionStatus?: { id: string; status: "Completed" | "Failed" };
  };
  let answer: unknown;
  if (spec.orderDelivered) answer = await controls.triggerOrderDelivered(spec.orderDelivered);
  else if (spec.transaction) answer = await controls.triggerTransaction(spec.transaction as never);
  else if (spec.transactionStatus)
    answer = await controls.triggerTransactionStatus(spec.transactionStatus.id, spec.transactionStatus.status);
  checkBody(step.expect?.body, answer, show(answer));
  capture(step, { body: answer }, state);
  return show(answer);
}

async function waitFor(step: Step, state: RunState): Promise<string> {
  const spec = step.waitFor as { stream: "cart"; as: string; timeout?: number | string };
  const watch = await state.cart(spec.as);
  const wanted = (step.expect?.event ?? {}) as Record<string, unknown>;
  const timeout = durationMs(spec.timeout ?? "5s");
  const event = await watch.next(
    (data) => Object.entries(wanted).every(([at, expected]) => !mismatch(expected, select(data, at))),
    timeout,
  );
  if (event === undefined)
    throw new StepFailure(
      `no cart event matched within ${timeout} ms: ${Object.entries(wanted)
        .map(
          ([at, expected]) =>
            `${at} ${mismatch(expected, select(watch.last, at)) ?? "matched"}, received ${show(select(watch.last, at))}`,
        )
        .join("; ")}`,
    );
  capture(step, { body: event }, state);
  return `cart event ${show(event)}`;
}

async function journal(step: Step, state: RunState): Promise<string> {
  const spec = step.journal as {
    inOrder?: boolean;
    expect: {
      server?: ServiceName;
      method?: string;
      path?: string;
      status?: string;
      user?: string;
      agent?: boolean;
      count?: number;
    }[];
  };
  const { entries } = await state.target.controls.journal({ health: false });
  let from = 0;
  const seen: string[] = [];
  for (const wanted of spec.expect) {
    const user = wanted.user ? state.user(wanted.user).id : undefined;
    const matches = (entry: JournalEntry) =>
      (wanted.server === undefined || entry.service === wanted.server) &&
      (wanted.method === undefined || entry.method === wanted.method.toUpperCase()) &&
      (wanted.path === undefined || entry.path === wanted.path) &&
      (user === undefined || entry.user === user) &&
      (wanted.agent === undefined || entry.agent === wanted.agent) &&
      (wanted.status === undefined || statusMatches(entry.status, wanted.status));
    const pool = spec.inOrder ? entries.slice(from) : entries;
    const found = pool.filter(matches);
    const describe_ = `${wanted.method ?? "any"} ${wanted.server ?? "any server"} ${wanted.path ?? "any path"}${wanted.status ? ` ${wanted.status}` : ""}`;
    if (wanted.count !== undefined ? found.length !== wanted.count : found.length === 0)
      throw new StepFailure(
        `expected ${wanted.count ?? "at least 1"} of ${describe_}${spec.inOrder ? " after the ones before it" : ""}, received ${found.length} (the journal holds ${entries.length}: ${entries
          .slice(-5)
          .map((entry) => `${entry.method} ${entry.path} ${entry.status}`)
          .join(", ")})`,
      );
    if (spec.inOrder && found[0]) from = entries.indexOf(found[0]) + 1;
    seen.push(`${describe_} ×${found.length}`);
  }
  return seen.join("; ");
}

function statusMatches(status: number, wanted: string): boolean {
  return wanted.endsWith("xx") ? Math.floor(status / 100) === Number(wanted[0]) : status === Number(wanted);
}

/** Fails the step with what was expected and what was received when the value does not match. */
function check(what: string, expected: unknown, received: unknown, seen: string): void {
  const problem = mismatch(expected, received);
  if (problem) throw new StepFailure(`${what}: ${problem}, received ${show(received)} (${seen})`);
}

function checkBody(expected: unknown, body: unknown, seen: string): void {
  if (expected === undefined) return;
  if (
    expected !== null &&
    typeof expected === "object" &&
    !Array.isArray(expected) &&
    Object.keys(expected).every((key) => key.startsWith("$"))
  ) {
    for (const [at, wanted] of Object.entries(expected)) check(`body ${at}`, wanted, select(body, at), seen);
    return;
  }
  check("body", expected, body, seen);
}

/** What a step answered, for its captures: a request's status and headers beside its body. */
interface Answer {
  status?: number;
  headers?: Headers;
  body: unknown;
}

function capture(step: Step, answer: Answer, state: RunState): void {
  for (const [name, spec] of Object.entries(step.capture ?? {})) {
    const from = typeof spec === "string" ? spec : spec.from;
    const picked =
      from === "$status"
        ? answer.status
        : from.startsWith("$headers.")
          ? (answer.headers?.get(from.slice(9)) ?? undefined)
          : select(answer.body, from);
    let value: unknown = picked;
    if (typeof spec !== "string") {
      const found = typeof picked === "string" ? new RegExp(spec.match).exec(picked) : null;
      value = found ? decodeURIComponent(found[1] ?? found[0]) : undefined;
    }
    if (value === undefined)
      throw new StepFailure(
        `capture ${name}: ${from} holds nothing${typeof spec === "string" ? "" : ` matching /${spec.match}/`} in ${show(from.startsWith("$headers.") || from === "$status" ? picked : answer.body)}`,
      );
    state.variables.set(name, value);
  }
}
