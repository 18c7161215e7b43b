import type { ActionDefinition } from "../agent/actions/definition.ts";
import { DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { OPTIONS } from "../config/options.ts";
import { BFF_ERRORS } from "../contracts/bff-errors.ts";
import { HOST_ERRORS } from "../contracts/host-app/errors.ts";
import { createHostApp } from "../host-app/app.ts";
import type { EmbedAgent } from "../host-app/embed/embed-agent.ts";
import { urlHost } from "../host-names.ts";
import type { EmbedAgentDeps } from "./embed-agent.ts";
import { type ServiceDefinition, SHARED_ERRORS } from "./service.ts";

/** The wallet port a wallet listens on when nothing says otherwise: the default of --wallet-port. */
const DEFAULT_WALLET_PORT = OPTIONS.find((option) => option.key === "walletPort")!.default;

export const hostService: ServiceDefinition = {
  name: "host",
  docs: ["docs/agent-proxy.md", "docs/embed-identity.md"],
  errorCodes: { ...SHARED_ERRORS, ...BFF_ERRORS, ...HOST_ERRORS },
  async build({ config, clock, loginTokens, sessions, urls, users, app }) {
    const walletJwt = loginTokens("wallet");
    const wallet = () => ({
      // auto: this sandbox's own wallet when it runs, else where the settings say a wallet listens.
      url:
        config.walletUrl !== "auto"
          ? config.walletUrl
          : (urls.wallet ?? `http://${urlHost(config.bind)}:${config.walletPort || DEFAULT_WALLET_PORT}`),
      prefix: config.walletPrefix,
    });
    const knownUser = config.walletUrl === "auto" ? (id: string) => users.some((user) => user.id === id) : undefined;
    const agentSessions = sessions.namespace("host");
    return {
      app: createHostApp({
        ...app,
        errorCodes: hostService.errorCodes,
        walletJwt,
        bff: { serviceToken: config.bffServiceToken, sessions: agentSessions },
        wallet,
        knownUser,
        embed: {
          signingSecret: config.signingSecret,
          identityMaxLifetimeSeconds: config.identityMaxLifetime / 1000,
          users,
          now: () => clock.now(),
          urls,
          dataDir: config.dataDir,
          agent: lazyEmbedAgent({
            urls,
            serviceToken: config.bffServiceToken,
            walletPrefix: config.walletPrefix,
            walletSessions: agentSessions,
            actions: actionsOnce(),
            now: () => clock.now(),
          }),
        },
      }),
      banner: () => (urls.host ? [`Chat embed preview: ${urls.host}/ (open in a browser)`] : []),
      // It keeps no data of its own: a reset ends its agent sessions.
      state: { reset: () => agentSessions.clear() },
    };
  },
};

/** The agent's actions, as `sandbox agent ask` loads them: read (and their checker loaded) at the first question, again after a failed read. */
function actionsOnce(): () => Promise<readonly ActionDefinition[]> {
  let loading: Promise<readonly ActionDefinition[]> | undefined;
  return () => {
    loading ??= import("../agent/actions/definition.ts")
      .then(({ loadActions }) => loadActions(DEFAULT_ACTIONS_DIR))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}

/** The embed's agent, its resolver and date parser loaded at the first question, not with the server. */
function lazyEmbedAgent(deps: EmbedAgentDeps): EmbedAgent {
  const agent = () => import("./embed-agent.ts").then(({ createEmbedAgent }) => createEmbedAgent(deps));
  return {
    askAsUser: async (input, user) => (await agent()).askAsUser(input, user),
    askAnonymously: async (input) => (await agent()).askAnonymously(input),
    registerSessions: async (user) => (await agent()).registerSessions(user),
  };
}
