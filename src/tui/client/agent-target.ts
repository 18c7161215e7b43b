import type { AgentTarget } from "../../agent/actions/call.ts";
import { REQUEST_TIMEOUT_MS, RequestFailure, type ServiceClient } from "../../client/service-client.ts";
import { failWith } from "../../errors.ts";
import { SERVICE_LABELS, SERVICE_NAMES, type ServiceUrls } from "../../service-names.ts";
import type { TuiSettings } from "../settings.ts";
import type { TuiState } from "../state/store.ts";
import { TUI_TEXTS } from "./errors.ts";

/** Said in place when nobody is signed in: the agent acts for a user. */
export const SIGN_IN_FIRST = TUI_TEXTS.signInFirst.text;

/**
 * The agent acting for whoever is signed in (the storefront login, else the wallet's): the
 * secrets from the settings, the wallet token from the wallet login, and the UI's recording
 * fetch (so the agent's calls show on the Traffic screen), cancelled with `signal` and given
 * up on after the UI's usual 10 s.
 */
export function agentTargetFor(
  settings: TuiSettings,
  client: ServiceClient,
  logins: TuiState["logins"],
  signal: AbortSignal,
): AgentTarget {
  const user = logins.storefront?.user ?? logins.wallet?.user;
  if (!user) failWith(TUI_TEXTS.signInFirst, { expected: true });
  const wallet = logins.wallet;
  return {
    urls: settings.urls,
    serviceToken: settings.serviceToken,
    walletPrefix: settings.walletPrefix,
    endUserId: user.id,
    endUserName: user.name,
    walletToken: async () => {
      if (!wallet) failWith(TUI_TEXTS.walletLoginFirst, { expected: true });
      return wallet.token;
    },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      try {
        const signals = [signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(init?.signal ? [init.signal] : [])];
        return await client.fetch(input, { ...init, signal: AbortSignal.any(signals) });
      } catch (error) {
        throw explainFailure(error, String(input instanceof Request ? input.url : input), settings.urls, signal);
      }
    }) as typeof fetch,
  };
}

/** A network failure of the agent's fetch as one line naming the server, as the UI's client says it. */
function explainFailure(error: unknown, url: string, urls: ServiceUrls, signal: AbortSignal): unknown {
  const name = error instanceof Error ? error.name : "";
  if (signal.aborted || name === "AbortError") return error;
  const service = SERVICE_NAMES.find((candidate) => {
    const base = urls[candidate];
    return base !== undefined && url.startsWith(base);
  });
  const label = service ? SERVICE_LABELS[service] : new URL(url).host;
  if (name === "TimeoutError")
    return new RequestFailure(`The ${label} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`, "timeout");
  return new RequestFailure(
    `The ${label} does not answer at ${service ? urls[service] : url}: is the sandbox running?`,
    "unreachable",
  );
}
