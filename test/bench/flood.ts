/**
 * The connection-flood section of `npm run bench`: many sockets that trickle their headers,
 * spread over the three servers of one sandbox (so they share its file descriptors), while a
 * well-behaved client keeps asking each server for /health and adding to the cart.
 */
import { readdir } from "node:fs/promises";
import { openFlood, timedRequest } from "../helpers/flood.ts";
import { type Check, type Figure, progress, quantile } from "./report.ts";

/** The flood: its size (bounded, as each socket is a descriptor of this process too) and how long it is measured. */
export const FLOOD_SOCKETS = Math.min(Number(process.env.BENCH_FLOOD_SOCKETS ?? 15_000), 18_000);
const FLOOD_SECONDS = Math.min(Number(process.env.BENCH_FLOOD_SECONDS ?? 20), 60);
const PROBE_EVERY_MS = 250;
/** Descriptors the sandbox may hold beyond its connection caps: its own files. */
const EXTRA_DESCRIPTORS = 200;

export interface FloodTarget {
  /** The sandbox's servers, on loopback; the first is the storefront. */
  urls: string[];
  pid: number;
  /** Its --max-connections. */
  maxConnections: number;
  /** A storefront login token, for the cart adds. */
  token: string;
}

/** Floods the servers: the probes' latency, and checks that each was answered and that the sandbox's descriptors stayed within its caps. */
export async function floodSection({
  urls,
  pid,
  maxConnections,
  token,
}: FloodTarget): Promise<{ figures: Figure[]; checks: Check[] }> {
  const group = `Connection flood (${FLOOD_SOCKETS} sockets trickling their headers over ${urls.length} servers, ${FLOOD_SECONDS}s)`;
  progress(`Flood: ${FLOOD_SOCKETS} sockets, probes every ${PROBE_EVERY_MS} ms for ${FLOOD_SECONDS}s`);
  const cartAdd = {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 }),
  };
  const latencies: number[] = [];
  let failures = 0;
  let peakDescriptors = 0;
  let probing = true;
  const probes = (async () => {
    while (probing) {
      const round = [
        ...urls.map((url) => timedRequest(`${url}/health`)),
        timedRequest(`${urls[0]}/api/cart/items`, cartAdd),
      ];
      const results = await Promise.allSettled(
        round.map((answer) => answer.then(({ status, ms }) => (status === 200 ? ms : Infinity))),
      );
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
  progress(
    `Flood: ${flood.connected} connected in ${Math.round(performance.now() - started)} ms; ${flood.closedByServer} already closed by the servers`,
  );
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, FLOOD_SECONDS * 1000 - (performance.now() - started))),
  );
  probing = false;
  await probes;
  const { closedByServer, timedOut, open } = flood;
  flood.stop();

  const ceiling = urls.length * maxConnections + EXTRA_DESCRIPTORS;
  return {
    figures: [
      { group, name: "probe (/health, cart add) latency: p99", value: quantile(latencies, 0.99), unit: "ms" },
      { group, name: "probe latency: worst", value: Math.max(...latencies), unit: "ms", target: "< 1,000 ms" },
    ],
    checks: [
      {
        name: "every probe answered during the flood",
        ok: failures === 0,
        detail: `${latencies.length} answered, ${failures} failed; of the flood, ${closedByServer} closed by the servers (${timedOut} with 408), ${open} still open`,
      },
      {
        name: "the sandbox's descriptors stayed within its connection caps",
        ok: peakDescriptors <= ceiling,
        detail: `peak ${peakDescriptors}, ceiling ${ceiling}`,
      },
    ],
  };
}
