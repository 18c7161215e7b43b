import { ActionInputError } from "../agent/actions/build-request.ts";
import type { ActionCall, AgentTarget } from "../agent/actions/call.ts";
import type { ActionDefinition } from "../agent/actions/definition.ts";
import { answerLine } from "../agent/answer.ts";
import { signInAsApp } from "../agent/as-app.ts";
import { ask, type Transcript } from "../agent/ask.ts";
import { applyAnswer } from "../agent/resolver/parameters.ts";
import { resolveQuestion } from "../agent/resolver/resolve.ts";
import { agentCatalog } from "../agent/target.ts";
import type { SessionStore } from "../bff/sessions/session-store.ts";
import { BFF_TEXTS } from "../contracts/bff-errors.ts";
import type { AskAnswer } from "../contracts/host-app/embed-schemas.ts";
import { HOST_TEXTS } from "../contracts/host-app/errors.ts";
import { failWith, messageOf, SandboxError } from "../errors.ts";
import type { AskInput } from "../host-app/embed/ask-input.ts";
import type { EmbedAgent } from "../host-app/embed/embed-agent.ts";
import { SERVICE_LABELS, type ServiceUrls } from "../service-names.ts";
import type { DemoUser } from "../users.ts";
import { searchSeedCatalog, seedCatalog } from "./seed-catalog.ts";

/** What the built-in agent acts with when the chat embed asks it. */
export interface EmbedAgentDeps {
  /** The servers' URLs, filled as they start: where the agent's calls go. */
  urls: ServiceUrls;
  /** BFF_SERVICE_TOKEN, for the agent's BFF calls. */
  serviceToken: string;
  walletPrefix: string;
  /** The host app's own agent sessions: the users' wallet JWTs, which the agent's wallet (oauth) calls use. */
  walletSessions: SessionStore;
  /** The agent's action definitions, as `sandbox agent ask` loads them. */
  actions(): Promise<readonly ActionDefinition[]>;
  /** The sandbox clock: "yesterday" and "the last 30 days" are read on it, as the servers read them. */
  now(): Date;
}

/** The built-in agent as the host app's chat embed asks it (the port is src/host-app/embed/embed-agent.ts). */
export function createEmbedAgent(deps: EmbedAgentDeps): EmbedAgent {
  return {
    askAsUser: (input, user) => askAsUser(input, user, deps),
    askAnonymously,
    registerSessions: async (user) => {
      await signInAsApp(deps.urls, user);
    },
  };
}

/** The BFF's answer, word for word, when the user's app registered no session. */
const NO_SESSION = BFF_TEXTS.noActiveSession.text;

/** The one action a chat that is not signed in may run. */
const ANONYMOUS_ACTION = "search_products";

/**
 * Asks the agent as `sandbox agent ask` does, acting for the verified user only: BFF actions
 * with the service token and the user's id, wallet actions with the wallet JWT the host app
 * holds for the user (as a real host backend would).
 */
async function askAsUser(input: AskInput, user: DemoUser, deps: EmbedAgentDeps): Promise<AskAnswer> {
  let walletSessionMissing = false;
  const target: AgentTarget = {
    urls: deps.urls,
    serviceToken: deps.serviceToken,
    walletPrefix: deps.walletPrefix,
    endUserId: user.id,
    endUserName: user.name,
    now: async () => deps.now(),
    async walletToken() {
      const session = await deps.walletSessions.get(user.id);
      if (session) return session.token;
      walletSessionMissing = true;
      throw new ActionInputError(NO_SESSION);
    },
  };
  const transcript = await reachable(async () => {
    // Without a storefront session the agent still knows the products' names; the call then hears the BFF's refusal.
    const catalog = await agentCatalog(target);
    return ask(input.question, {
      actions: await deps.actions(),
      target,
      catalog: catalog.length > 0 ? catalog : await seedCatalog(),
      reply: async () => input.reply,
    });
  });
  const missing = walletSessionMissing
    ? "host"
    : isNoSession(transcript.call)
      ? serverOf(transcript.call, deps)
      : undefined;
  return { ...toAnswer(transcript), ...(missing ? { answer: noSessionAnswer(user, missing), noSession: true } : {}) };
}

/** The BFF's words, then what is missing in words a person previewing the chat can act on (the page adds how). */
function noSessionAnswer(user: DemoUser, server: "storefront" | "host"): string {
  const reaches = server === "storefront" ? "the orders and the cart" : "the wallet";
  return `${NO_SESSION}: the app has not registered ${user.name}'s agent session with the ${SERVICE_LABELS[server]} (an app does so after login), so the agent cannot reach ${reaches}.`;
}

/** Which server answered no_active_session: the storefront for its BFF routes, else the host app. */
function serverOf(call: ActionCall | undefined, deps: EmbedAgentDeps): "storefront" | "host" {
  const storefront = deps.urls.storefront;
  return storefront && call?.request.url.startsWith(`${storefront}/`) ? "storefront" : "host";
}

/**
 * A chat that is not signed in: catalog search only, over the storefront's seed catalog (every
 * storefront route acts for a user); any other action is refused before anything is sent.
 */
async function askAnonymously(input: AskInput): Promise<AskAnswer | { signInRequired: string }> {
  const catalog = await seedCatalog();
  let resolution = resolveQuestion(input.question, catalog);
  // What no action serves (gibberish, a refund) gets the same honest answer as for a signed-in user: signing in would not help.
  if (resolution.refused || resolution.answered)
    return { answer: resolution.problem ?? "", action: resolution.action, parameters: {} };
  if (resolution.action !== ANONYMOUS_ACTION) return { signInRequired: resolution.action };
  const { action } = resolution;
  if (resolution.followUp) {
    if (!input.reply)
      return {
        answer: resolution.followUp.question,
        action,
        parameters: resolution.parameters,
        followUp: { question: resolution.followUp.question },
      };
    resolution = applyAnswer(resolution, input.reply, catalog);
  }
  const items = await searchSeedCatalog(String(resolution.parameters.query ?? ""));
  const call: ActionCall = {
    action,
    parameters: resolution.parameters,
    request: { method: "GET", url: "", headers: {} },
    response: { status: 200, body: { items } },
  };
  return {
    answer: answerLine(call, undefined, undefined, undefined, resolution.focus),
    action,
    parameters: resolution.parameters,
  };
}

function toAnswer(transcript: Transcript): AskAnswer {
  const { call, followUp } = transcript;
  // Only a follow-up still to be answered is sent: the page answers it by asking again with the reply.
  const pending = followUp && followUp.answer === undefined ? { question: followUp.question } : undefined;
  return {
    // The CLI's "(answer with --answer)" is not for the chat: the follow-up question is the answer.
    answer: pending ? pending.question : transcript.answer,
    action: transcript.action,
    parameters: transcript.parameters,
    ...(pending ? { followUp: pending } : {}),
    ...(call ? { call: { ...call.request, status: call.response.status } } : {}),
  };
}

function isNoSession(call: ActionCall | undefined): boolean {
  const body = call?.response.body as { code?: unknown } | undefined;
  return call?.response.status === 401 && body?.code === "no_active_session";
}

/** A server the agent calls that does not answer (or does not run) is a 502 that names the problem, not a server error. */
async function reachable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // An error with a status is this request's answer already; the agent's own failures have none.
    if (error instanceof SandboxError && error.status !== undefined) throw error;
    return failWith(HOST_TEXTS.agentCallFailed, { values: { reason: messageOf(error) }, expected: true });
  }
}
