import type { CallResult } from "../client/contract-call.ts";
import { CLIENT_TEXTS } from "../client/errors.ts";
import { type LoginService, logIn } from "../client/login.ts";
import { createServiceClient, RequestFailure } from "../client/service-client.ts";
import { REGISTER_SESSION } from "../contracts/agent-sessions.ts";
import { failWith, messageOf } from "../errors.ts";
import { SERVICE_LABELS, type ServiceName, type ServiceUrls } from "../service-names.ts";
import type { DemoUser } from "../users.ts";
import type { AgentTarget } from "./actions/call.ts";
import { AGENT_TEXTS } from "./errors.ts";

/**
 * What the user's app does after login, done for a demo user so the agent has something to act
 * with: sign in to the storefront and the wallet, and register both agent sessions.
 */
export async function signInAsApp(
  urls: ServiceUrls,
  user: DemoUser,
): Promise<{ walletToken?: string; notes: string[] }> {
  const notes: string[] = [];
  let walletToken: string | undefined;
  if (urls.storefront) {
    const storefront = { service: "storefront", base: urls.storefront } as const;
    await register(storefront, user, await login(storefront, user));
    notes.push(`app: signed ${user.name} in to the storefront and registered the agent session`);
  }
  if (urls.wallet) {
    walletToken = await login({ service: "wallet", base: urls.wallet }, user);
    if (urls.host) {
      await register({ service: "host", base: urls.host }, user, walletToken);
      notes.push(`app: signed ${user.name} in to the wallet and registered the host app's agent session`);
    }
  }
  return { walletToken, notes };
}

/** The servers and settings the agent acts with, whoever it acts for. */
export type AgentServers = Pick<AgentTarget, "urls" | "serviceToken" | "walletPrefix" | "now">;

/**
 * The agent acting for a demo user: the user signed in as their app would (agent sessions
 * registered), and what that did, for a transcript. A wallet action with no wallet to sign in to
 * is refused when it asks for the token.
 */
export async function actAs(servers: AgentServers, user: DemoUser): Promise<{ target: AgentTarget; notes: string[] }> {
  const { walletToken, notes } = await signInAsApp(servers.urls, user);
  const target: AgentTarget = {
    ...servers,
    endUserId: user.id,
    endUserName: user.name,
    walletToken: async () => walletToken ?? failWith(AGENT_TEXTS.walletNotRunning, { expected: true }),
  };
  return { target, notes };
}

interface Server {
  service: ServiceName;
  base: string;
}

async function login(server: Server & { service: LoginService }, user: DemoUser): Promise<string> {
  const client = createServiceClient({ urls: { [server.service]: server.base } });
  try {
    return (await logIn(client, server.service, user)).token;
  } catch (error) {
    if (!(error instanceof RequestFailure)) throw error;
    const values = { ...valuesOf(server), email: user.email };
    if (error.kind === "http") {
      const answer = `${error.status} ${[error.said?.error, error.said?.hint].filter(Boolean).join(". ")}`.trimEnd();
      const text = error.code === "invalid_credentials" ? AGENT_TEXTS.passwordRefused : AGENT_TEXTS.signInFailed;
      return failWith(text, { values: { ...values, answer }, expected: true });
    }
    if (error.kind === "off_contract")
      return failWith(CLIENT_TEXTS.offContract, {
        values: { ...values, route: "POST /api/auth/login", mismatch: error.mismatch ?? error.message },
        expected: true,
      });
    return failWith(AGENT_TEXTS.unreachable, {
      values: { ...values, reason: error.message },
      expected: true,
      cause: error,
    });
  }
}

async function register(server: Server, user: DemoUser, token: string): Promise<void> {
  const client = createServiceClient({ urls: { [server.service]: server.base } });
  const body = { userId: user.id, token };
  let result: CallResult<typeof REGISTER_SESSION>;
  try {
    result = await client.call(REGISTER_SESSION, { service: server.service, path: "/api/agent/session", body });
  } catch (error) {
    // A server that does not answer at all (the sandbox stopped since it was found) is said in one line too.
    return failWith(AGENT_TEXTS.unreachable, {
      values: { ...valuesOf(server), reason: messageOf(error) },
      expected: true,
      cause: error,
    });
  }
  if (result.kind === "answer") return;
  // What the server answered: its status with the error and hint of its error body (a fault's hint says how to remove it).
  const said = result.kind === "error" ? [result.body.error, result.body.hint].filter(Boolean).join(". ") : "";
  failWith(AGENT_TEXTS.sessionRefused, {
    values: { ...valuesOf(server), email: user.email, answer: `${result.status} ${said}`.trimEnd() },
    expected: true,
  });
}

function valuesOf({ service, base }: Server): Record<string, string> {
  return { service, label: SERVICE_LABELS[service], base };
}
