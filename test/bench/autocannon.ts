/** Runs autocannon in a process of its own on the load core (./load-generator.mjs), and reads its summary. */
import { join } from "node:path";
import { cpuSecondsOf, ROOT, runLoad } from "./processes.ts";

export const CONNECTIONS = 50;
/** Seconds of each measured run (BENCH_SECONDS), after a warm-up of WARMUP_SECONDS that lets the JIT settle. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;

export interface LoadRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Answers per second. */
  rps: number;
  /** 2xx answers per second: for writes, acknowledged writes (a server that drops connections has fewer). */
  okPerSecond: number;
  /** Milliseconds, from each answer's latency (not autocannon's whole milliseconds). */
  p99: number;
  /** Answers with a 2xx status: for writes, the acknowledged ones. */
  ok: number;
  /** Connection errors and timeouts, and answers of another status. */
  failed: number;
  /** The server's CPU time per answer, in ms (NaN without its pid). */
  cpuMsPerAnswer: number;
}

interface Summary {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
}

/**
 * A warm-up, then the measured run; `warm: false` skips the warm-up (writes, whose every answer is
 * counted). With the server's pid, also the CPU it spent per answer in the measured run: unlike
 * req/s, that holds when other programs take turns on the server's core.
 */
export async function load(
  url: string,
  request: LoadRequest = {},
  options: { warm?: boolean; seconds?: number; pid?: number } = {},
): Promise<LoadResult> {
  if (options.warm !== false) await autocannon(url, request, WARMUP_SECONDS);
  const seconds = options.seconds ?? SECONDS;
  const cpuBefore = options.pid === undefined ? 0 : await cpuSecondsOf(options.pid);
  const summary = await autocannon(url, request, seconds);
  const cpuMs = options.pid === undefined ? Number.NaN : ((await cpuSecondsOf(options.pid)) - cpuBefore) * 1000;
  const answers = summary["2xx"] + summary.non2xx;
  return {
    rps: summary.requests.average,
    okPerSecond: summary["2xx"] / seconds,
    p99: summary.latency.p99,
    ok: summary["2xx"],
    failed: summary.errors + summary.timeouts + summary.non2xx,
    cpuMsPerAnswer: cpuMs / answers,
  };
}

async function autocannon(url: string, request: LoadRequest, seconds: number): Promise<Summary> {
  const options = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: request.method ?? "GET",
    headers: request.headers ?? {},
    ...(request.body && { body: request.body }),
  };
  return JSON.parse(await runLoad([join(ROOT, "test/bench/load-generator.mjs"), JSON.stringify(options)])) as Summary;
}
