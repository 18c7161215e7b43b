import { SERVERS_AREA } from "../check/check.ts";
import type { RunResult } from "../check/runner.ts";
import { connectionProblem } from "../client/connection.ts";
import { fillText } from "../errors.ts";
import { SERVICE_LABELS, type ServiceName, type ServiceUrls } from "../service-names.ts";
import { CLI_TEXTS } from "./errors.ts";

/** A server given by URL that did not answer /health, with the line that says so and what to do. */
export interface SilentServer {
  service: ServiceName;
  values: { label: string; url: string; reason: string; service: ServiceName };
  message: string;
  ms: number;
}

/** Each server given must answer at all before any check runs: those that do not, each with the line that names it. */
export async function silentServers(urls: ServiceUrls, timeoutMs: number): Promise<SilentServer[]> {
  const silent: SilentServer[] = [];
  for (const [name, url] of Object.entries(urls)) {
    const service = name as ServiceName;
    const started = performance.now();
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
    } catch (error) {
      const reason =
        (error as Error)?.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : connectionProblem(error);
      const values = { label: SERVICE_LABELS[service], url: url!, reason, service };
      silent.push({
        service,
        values,
        message: fillText(CLI_TEXTS.serverSilent.text, values),
        ms: performance.now() - started,
      });
    }
  }
  return silent;
}

/** The reports' run when servers are silent: a failed check per server, in an area of their own, and no other. */
export function silentRun(silent: readonly SilentServer[]): RunResult {
  return {
    areas: [SERVERS_AREA],
    results: silent.map((server) => ({
      area: SERVERS_AREA,
      name: `the ${server.values.label} answers at ${server.values.url}`,
      status: "fail",
      reason: server.message,
      ms: server.ms,
    })),
    ms: silent.reduce((total, server) => total + server.ms, 0),
  };
}
