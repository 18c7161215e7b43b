/**
 * The connection-flood section of `npm run bench`: many sockets that trickle their headers,
 * spread over the three servers of one sandbox (so they share its file descriptors), while a
 * well-behaved client keeps asking each server for /health and adding to the cart.
 */
import { readdir } from "node:fs/promises";
import { openFlood, timedRequest } from "../helpers/flood.ts";

/** The flood: its size (bounded, as each socket is a descriptor of this process too) and how long it is measured. */
export const FLOOD_SOCKETS = Math.min(Number(process.env.BENCH_FLOOD_SOCKETS ?? 15_000), 18_000);
const FLOOD_SECONDS = Math.min(Number(process.env.BENCH_FLOOD_SECONDS ?? 20), 60);
const PROBE_EVERY_MS = 250;
/** Every probe answers within this, and the sandbox never holds more descriptors than its caps allow (plus its own files). */
const TARGETS = { latencyMs: 1000, extraDescriptors: 200 };

export interface FloodCheck {
  name: string;
  ok: boolean;
}

export interface FloodTarget {
  /** The sandbox's servers, on loopback; the first is the storefront. */
  urls: string[];
  pid: number;
  /** Its --max-connections. */
  maxConnections: number;
  /** A storefront login token, for the cart adds. */
  token: string;
}

/** Floods the servers and checks the probes' latency and the sandbox's descriptors. */
export async function floodSection({ urls, pid, maxConnections, token }: FloodTarget): Promise<FloodCheck[]> {
  console.log(`\nFlood: ${FLOOD_SOCKETS} sockets trickling their headers over ${urls.length} servers; probes every ${PROBE_EVERY_MS} ms for ${FLOOD_SECONDS}s.`);
  const cartAdd = { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 }) };
  const latencies: number[] = [];
  let failures = 0;
  let peakDescriptors = 0;
  let probing = true;
  const probes = (async () => {
    while (probing) {
      const round = [...urls.map((url) => timedRequest(`${url}/health`)), timedRequest(`${urls[0]}/api/cart/items`, cartAdd)];
      const results = await Promise.allSettled(round.map((answer) => answer.then(({ status, ms }) => (status === 200 ? ms : Infinity))));
      for (const result of results) {
        if (result.status === "fulfilled" && Number.isFinite(result.value)) latencies.push(result.value);
        else failures++;
      }
      peakDescriptors = Math.max(peakDescriptors, (await readdir(`/proc/${pid}/fd`)).length);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();

  const started = performance.now();
  const flood = await openFlood(urls, FLOOD_SOCKETS);
  console.log(`  ${flood.connected} connected in ${Math.round(performance.now() - started)} ms; ${flood.closedByServer} already closed by the servers`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, FLOOD_SECONDS * 1000 - (performance.now() - started))));
  probing = false;
  await probes;
  console.log(`  after ${FLOOD_SECONDS}s: ${flood.closedByServer} closed by the servers (${flood.timedOut} with 408), ${flood.open} still open`);
  flood.stop();

  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? Infinity;
  const worst = latencies.at(-1) ?? Infinity;
  const ceiling = urls.length * maxConnections + TARGETS.extraDescriptors;
  console.log(`  ${latencies.length} probes answered: p99 ${Math.round(p99)} ms, worst ${Math.round(worst)} ms; ${failures} failed; peak ${peakDescriptors} descriptors`);
  return [
    { name: `every probe answered within ${TARGETS.latencyMs} ms`, ok: failures === 0 && worst < TARGETS.latencyMs },
    { name: `sandbox descriptors <= ${ceiling}`, ok: peakDescriptors <= ceiling },
  ];
}
