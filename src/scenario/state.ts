import type { AgentTarget } from "../agent/actions/call.ts";
import type { ActionDefinition } from "../agent/actions/definition.ts";
import { actAs } from "../agent/as-app.ts";
import { type LoginService, logIn } from "../client/login.ts";
import { createServiceClient, RequestFailure, type ServiceClient } from "../client/service-client.ts";
import { stackOf } from "../errors.ts";
import { execEnvironment } from "../exec-env.ts";
import { packagePath } from "../package-files.ts";
import type { ServiceName } from "../service-names.ts";
import { type DemoUser, journalUserId } from "../users.ts";
import { type AgentCommand, AgentProcess } from "./agent-process.ts";
import { CartWatch } from "./streams.ts";
import type { Target } from "./target.ts";
import { serveUserMcp, type UserMcp } from "./user-mcp.ts";
import { StepFailure } from "./values.ts";

/** What the steps share: the variables captured so far, the users' tokens, the open cart streams. */
export class RunState {
  readonly variables = new Map<string, unknown>();
  /** How many clock steps have run: a token from before a move may not be valid at the clock's new time. */
  clockMoves = 0;
  readonly #tokens = new Map<string, Promise<string>>();
  /** The one service client, for the runner's own logins. */
  readonly #client: ServiceClient;
  /** The clock moves before each login (by token key) and each agent sign-in (by `agent <user id>`). */
  readonly #signedInAt = new Map<string, number>();
  readonly #agents = new Map<string, Promise<AgentTarget>>();
  readonly #carts = new Map<string, CartWatch>();
  #underTest: Promise<AgentProcess> | undefined;
  #mcp: Promise<UserMcp> | undefined;

  constructor(
    readonly target: Target,
    readonly users: readonly DemoUser[],
    readonly actions: readonly ActionDefinition[],
    /** The agent under test (--agent), the scenario's user, for whom it acts, and where the runner's errors go. */
    readonly conversation: { agent?: AgentCommand; user?: string; logError?: (message: string) => void } = {},
  ) {
    this.#client = createServiceClient({ urls: target.urls });
  }

  user(who: string): DemoUser {
    const user = this.users.find((each) => each.email === who || each.id === who);
    if (!user) throw new StepFailure(`"${who}" is no demo user (see npx sandbox users)`);
    return user;
  }

  /** The user id a journal step's `user` stands for: a demo user's email for the id, another value as given. */
  journalUser(who: string): string {
    const id = journalUserId(who, this.users);
    if (id === undefined) throw new StepFailure(`"${who}" is no demo user's email (see npx sandbox users)`);
    return id;
  }

  /**
   * The user's bearer token at a server (the host app takes the wallet's): logged in at the first
   * step that needs it, then kept, as an app keeps it; a clock move past its lifetime expires it.
   */
  token(server: ServiceName, who: string): Promise<string> {
    const key = this.#tokenKey(server, who);
    let token = this.#tokens.get(key);
    if (!token) {
      const service = server === "host" ? "wallet" : server;
      this.url(service); // A server not given fails the step here, saying how to give it.
      token = signIn(this.#client, service, this.user(who));
      this.#tokens.set(key, token);
      this.#signedInAt.set(key, this.clockMoves);
    }
    return token;
  }

  /**
   * Why a 401 to a request sent with the runner's own login may have come: the clock moved since
   * the runner logged the user in (or signed them in for the agent). Undefined when it did not.
   */
  staleLogin(server: ServiceName, spec: { as?: string; agent?: string }): string | undefined {
    const [key, what] = spec.agent
      ? [`agent ${this.user(spec.agent).id}`, `the agent's session for ${spec.agent} is from the runner's sign-in`]
      : spec.as && spec.as !== "anonymous"
        ? [this.#tokenKey(server, spec.as), `${spec.as}'s token is from the runner's login`]
        : [];
    const at = key === undefined ? undefined : this.#signedInAt.get(key);
    if (at === undefined || at >= this.clockMoves) return undefined;
    return `${what} before the clock moved, so it may not be valid at the clock's time (${packagePath("docs/scenarios.md")}, "Tokens and the clock")`;
  }

  #tokenKey(server: ServiceName, who: string): string {
    return `${server === "host" ? "wallet" : server} ${this.user(who).id}`;
  }

  /** The agent acting for a user, with the user signed in as the app does (agent sessions registered). */
  agent(who: string): Promise<AgentTarget> {
    const user = this.user(who);
    let agent = this.#agents.get(user.id);
    if (!agent) {
      this.#signedInAt.set(`agent ${user.id}`, this.clockMoves);
      const { urls, serviceToken, walletPrefix, given, controls } = this.target;
      const servers = {
        urls,
        serviceToken,
        walletPrefix,
        // Given servers keep their own time: the agent counts days from the system's.
        ...(given ? {} : { now: async () => new Date((await controls.clock()).now) }),
      };
      agent = actAs(servers, user).then(({ target }) => target);
      this.#agents.set(user.id, agent);
    }
    return agent;
  }

  /**
   * The agent under test, started at the first say step and kept for the scenario's others: the
   * scenario's user signed in first, as their app does (agent sessions registered), and an MCP
   * endpoint locked to them served for it.
   */
  agentUnderTest(): Promise<AgentProcess> {
    this.#underTest ??= (async () => {
      const { agent, user: who = this.users[0]?.email ?? "" } = this.conversation;
      if (!agent) throw new StepFailure(NO_AGENT);
      const endUser = this.user(who);
      await this.agent(who);
      this.#mcp = serveUserMcp({
        actions: this.actions,
        user: endUser,
        target: () => this.agent(who),
        // A bug of ours: the agent's call gets a 500, and the run's log says why.
        onServerError: (error) =>
          this.conversation.logError?.(`The MCP endpoint failed on a request: ${stackOf(error)}`),
      });
      const { url: mcpUrl } = await this.#mcp;
      const { urls, serviceToken, walletPrefix, dataDir, controlToken, signingSecret } = this.target;
      const sandbox = { urls, serviceToken, walletPrefix, dataDir, controlToken, signingSecret, mcpUrl };
      return AgentProcess.start(agent, execEnvironment(agent.env, { ...sandbox, users: this.users, endUser }));
    })();
    return this.#underTest;
  }

  /** The user's cart stream, opened at the first wait on it (`signal`, the step's deadline, stops the opening). */
  async cart(who: string, signal: AbortSignal): Promise<CartWatch> {
    const user = this.user(who);
    let watch = this.#carts.get(user.id);
    if (!watch) {
      watch = await CartWatch.open(this.url("storefront"), await this.token("storefront", who), signal);
      this.#carts.set(user.id, watch);
    }
    return watch;
  }

  url(server: ServiceName): string {
    const url = this.target.urls[server];
    if (!url) throw new StepFailure(`no ${server} to send it to (give its URL with --${server})`);
    return url;
  }

  async close(): Promise<void> {
    for (const watch of this.#carts.values()) watch.close();
    await this.#underTest?.then(
      (agent) => agent.stop(),
      () => {},
    );
    await this.#mcp?.then(
      (mcp) => mcp.close(),
      () => {},
    );
  }
}

/** What a say step says when the run has no agent under test: the file check says it first, for each (run-files.ts). */
export const NO_AGENT = 'a say step talks to the agent under test: pass --agent "<command>" (or set SANDBOX_AGENT)';

/** The user's token at the storefront or the wallet, through the one login; a refusal or an answer off its contract fails the step. */
async function signIn(client: ServiceClient, service: LoginService, user: DemoUser): Promise<string> {
  try {
    return (await logIn(client, service, user)).token;
  } catch (error) {
    if (!(error instanceof RequestFailure)) throw error;
    throw new StepFailure(`${user.email} could not log in at the ${service}: ${error.message}`);
  }
}
