import { connectionProblem } from "../check/http.ts";
import { serviceLabel } from "../check/target.ts";
import type { ServiceName, ServiceUrls } from "../config/options.ts";
import { failWith } from "../errors.ts";
import { CLI_TEXTS } from "./errors.ts";

/** Each server given must answer at all before any check runs: one that does not is named, with what to do. */
export async function requireAnswers(urls: ServiceUrls, timeoutMs: number): Promise<void> {
  for (const [service, url] of Object.entries(urls)) {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
    } catch (error) {
      const why =
        (error as Error)?.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : connectionProblem(error);
      failWith(CLI_TEXTS.serverSilent, {
        values: { label: serviceLabel(service as ServiceName), url, reason: why, service },
        expected: true,
      });
    }
  }
}
