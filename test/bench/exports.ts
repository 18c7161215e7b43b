/**
 * A long answer built while the servers keep answering: the request journal's 10,007 entries as
 * a HAR (each entry masked the first time it is looked at, then written out), timed from the
 * request to its last byte, while a client asks each server for /health over and over. The
 * longest /health wait meanwhile is how long the build held the servers at once: it was the
 * whole build (seconds) before the build gave the event loop its turn between slices.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { timedRequest } from "../helpers/flood.ts";
import { CONNECTIONS } from "./autocannon.ts";
import { CART_ADD, demoUsers, JSON_TYPE, login } from "./http.ts";
import { ROOT, runLoad, startSandbox } from "./processes.ts";
import { type Check, compared, type Figure, mib, progress } from "./report.ts";

/** As many entries as the HAR the probe that found the block asked for. */
const ENTRIES = 10_007;
const GROUP = `GET /__sandbox/journal?format=har of ${ENTRIES.toLocaleString("en-US")} entries`;

export async function exportFigures(): Promise<{ figures: Figure[]; checks: Check[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-bench-exports-"));
  // Every entry kept, bodies included: the journal's size and body memory set for it.
  const args = ["--journal-size", String(ENTRIES), "--journal-body-memory", "256MiB"];
  const sandbox = await startSandbox(dataDir, { args });
  try {
    const { storefront } = sandbox.urls;
    const token = await login(storefront, (await demoUsers())[0]!);
    progress(`Exports: ${ENTRIES} requests into the storefront's journal`);
    await fill(storefront, token);
    const urls = Object.values(sandbox.urls);
    progress("Exports: /health asked of every server, with nothing else to do");
    const idle = await probeHealth(urls).stopAfter(IDLE_MS);
    const baseline = { name: `/health alone, ${IDLE_MS / 1000} s`, value: Math.max(...idle.latencies) };
    const first = await harWithProbes(storefront, urls, "the first time (each entry masked as it is first looked at)");
    const again = await harWithProbes(storefront, urls, "again (the masked entries made already)");
    return {
      figures: [first, again].flatMap(({ name, har, health }) => [
        {
          group: GROUP,
          name: `${name}: from the request to its last byte (${mib(har.bytes).toFixed(1)} MiB)`,
          value: har.ms,
          unit: "ms",
        },
        compared(
          GROUP,
          `${name}: the longest /health wait meanwhile`,
          "ms",
          Math.max(...health.latencies),
          baseline,
          "≤ 50 ms",
        ),
      ]),
      checks: [first, again].map(({ name, har, health }) => ({
        name: `the HAR, ${name}, holds every entry, and /health was answered each time meanwhile`,
        ok: har.status === 200 && har.entries === ENTRIES && health.failures === 0 && idle.failures === 0,
        detail: `HAR ${har.status} with ${har.entries} entries; /health ${health.latencies.length} answered, ${health.failures + idle.failures} failed`,
      })),
    };
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** How long /health is asked with nothing else running: the machine's own longest wait, the baseline. */
const IDLE_MS = 3000;

/** The HAR, timed, while /health is asked of every server. */
async function harWithProbes(storefront: string, urls: string[], name: string) {
  progress(`Exports: the HAR ${name}, with /health asked of every server meanwhile`);
  const probes = probeHealth(urls);
  const download = await timedDownload(`${storefront}/__sandbox/journal?format=har&service=storefront`);
  const health = await probes.stop();
  // Read once the probes stopped: parsing 60 MB holds this process, which would count against the server.
  const text = Buffer.concat(download.chunks).toString();
  const { entries } = (JSON.parse(text) as { log: { entries: unknown[] } }).log;
  const har = { status: download.status, ms: download.ms, bytes: Buffer.byteLength(text), entries: entries.length };
  return { name, har, health };
}

/** Half catalog reads (one body, the same each time), half cart adds (a new cart each time). */
async function fill(storefront: string, token: string): Promise<void> {
  const authorization = `Bearer ${token}`;
  const reads = Math.floor(ENTRIES / 2);
  const run = (options: Record<string, unknown>) =>
    runLoad([join(ROOT, "test/bench/load-generator.mjs"), JSON.stringify({ connections: CONNECTIONS, ...options })]);
  await run({ url: `${storefront}/api/products`, amount: reads, headers: { authorization } });
  await run({
    url: `${storefront}/api/cart/items`,
    amount: ENTRIES - reads - 1, // and the login's entry
    method: "POST",
    headers: { authorization, ...JSON_TYPE },
    body: JSON.stringify(CART_ADD),
  });
}

/** The whole answer, as it came, and the time from the request to its last byte. */
function timedDownload(url: string): Promise<{ status: number; ms: number; chunks: Buffer[] }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, chunks }));
    })
      .on("error", reject)
      .end();
  });
}

/** Long enough for a block of the whole build to show as a wait (the build without slices held them seconds). */
const PROBE_TIMEOUT_MS = 60_000;

/** A client per server asking for /health, the next as soon as the last is answered, until stopped. */
function probeHealth(urls: string[]) {
  const results = { latencies: [] as number[], failures: 0 };
  let probing = true;
  const running = urls.map(async (url) => {
    while (probing) {
      await timedRequest(`${url}/health`, {}, PROBE_TIMEOUT_MS).then(
        ({ status, ms }) => (status === 200 ? results.latencies.push(ms) : results.failures++),
        () => results.failures++,
      );
    }
  });
  const stop = async () => {
    probing = false;
    await Promise.all(running);
    return results;
  };
  return { stop, stopAfter: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)).then(stop) };
}
