import { SERVERS_AREA } from "../check/check.ts";
import type { RunResult } from "../check/runner.ts";
import { healthProblem } from "../client/health.ts";
import { fillText } from "../errors.ts";
import { SERVICE_LABELS, SERVICE_NAMES, type ServiceName, type ServiceUrls } from "../service-names.ts";
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
  for (const service of SERVICE_NAMES) {
    const url = urls[service];
    if (!url) continue;
    const started = performance.now();
    const reason = await healthProblem(url, timeoutMs);
    if (reason !== undefined) {
      const values = { label: SERVICE_LABELS[service], url, reason, service };
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
