/**
 * The connection-flood section of `npm run bench`: on each of the three servers of one sandbox,
 * a tenth more event streams than it has connections (cart streams with a valid token on the
 * storefront, journal streams without any credential on the others), then many sockets that
 * trickle their headers, spread over the servers (so they share its file descriptors), while a
 * well-behaved client keeps asking each server for /health and adding to the cart.
 */
import { readdir } from "node:fs/promises";
import { maxStreams, STREAM_RETRY_AFTER_S } from "../../src/http/stream-share.ts";
import { openFlood, openStreams, type StreamFlood, timedRequest } from "../helpers/flood.ts";
import { type Check, type Figure, progress, quantile } from "./report.ts";

/** Sockets this process may open for the flood (streams and trickling ones): its open-file limit is 20,000. */
const SOCKET_BUDGET = 18_000;
/** The trickling sockets (bounded, as each is a descriptor of this process too) and how long the flood is measured. */
export const FLOOD_SOCKETS = Math.min(Number(process.env.BENCH_FLOOD_SOCKETS ?? 15_000), SOCKET_BUDGET);
const FLOOD_SECONDS = Math.min(Number(process.env.BENCH_FLOOD_SECONDS ?? 20), 60);
/** Streams asked of each server, for each of its connections: the attack that found the streams' hold on the cap. */
const STREAMS_PER_CONNECTION = 1.1;
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

/**
 * Floods the servers: first the streams, each server's share and a tenth more (how long they
 * took is a figure: every request the streams make is journaled, and sent to every journal stream
 * already open); then, with the streams open, the trickling sockets, and the probes' latency
 * meanwhile; checks that each probe was answered, that the streams held their share and no more,
 * and that the sandbox's descriptors stayed within its caps.
 */
export async function floodSection({
  urls,
  pid,
  maxConnections,
  token,
}: FloodTarget): Promise<{ figures: Figure[]; checks: Check[] }> {
  const streamsEach = Math.round(maxConnections * STREAMS_PER_CONNECTION);
  const trickling = Math.min(FLOOD_SOCKETS, SOCKET_BUDGET - streamsEach * urls.length);
  const group = `Connection flood (${streamsEach} event streams asked of each of ${urls.length} servers, then ${trickling} sockets trickling their headers over them, ${FLOOD_SECONDS}s)`;
  progress(`Flood: ${streamsEach} streams on each server`);
  const streamsStarted = performance.now();
  const [storefront, ...others] = urls;
  const streams = await Promise.all([
    openStreams([`${storefront}/api/cart/stream?access_token=${encodeURIComponent(token)}`], streamsEach),
    ...others.map((url) => openStreams([`${url}/__sandbox/journal/stream`], streamsEach)),
  ]);
  const streamsMs = performance.now() - streamsStarted;
  progress(`Flood: ${trickling} sockets, probes every ${PROBE_EVERY_MS} ms for ${FLOOD_SECONDS}s`);

  const probes = startProbes(urls, token, pid);
  const started = performance.now();
  const flood = await openFlood(urls, trickling);
  progress(
    `Flood: ${flood.connected} connected in ${Math.round(performance.now() - started)} ms; ${flood.closedByServer} already closed by the servers`,
  );
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, FLOOD_SECONDS * 1000 - (performance.now() - started))),
  );
  const { latencies, failures, peakDescriptors } = await probes.stop();
  const { closedByServer, timedOut, open } = flood;
  const streamsOpen = streams.map((server) => server.open);
  flood.stop();
  for (const server of streams) server.stop();

  const share = maxStreams(maxConnections);
  const ceiling = urls.length * maxConnections + EXTRA_DESCRIPTORS;
  return {
    figures: [
      { group, name: `asking for the ${streamsEach * urls.length} streams`, value: streamsMs, unit: "ms" },
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
        name: "each server held its share of streams, and refused the streams past it with 503 and Retry-After",
        ok: streams.every(
          (server) =>
            server.opened === share &&
            server.refused > 0 &&
            server.refusal?.headers["retry-after"] === String(STREAM_RETRY_AFTER_S),
        ),
        detail: `share ${share} of ${maxConnections}; ${streams.map(streamCounts).join("; ")}`,
      },
      {
        name: "the trickling sockets closed no stream",
        ok: streamsOpen.every((count) => count === share),
        detail: `open at the end: ${streamsOpen.join(", ")}`,
      },
      {
        name: "the sandbox's descriptors stayed within its connection caps",
        ok: peakDescriptors <= ceiling,
        detail: `peak ${peakDescriptors}, ceiling ${ceiling}`,
      },
    ],
  };
}

/** A well-behaved client asking each server for /health, and the storefront for a cart add, every PROBE_EVERY_MS until stopped; and the sandbox's descriptors meanwhile. */
function startProbes(urls: string[], token: string, pid: number) {
  const cartAdd = {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 }),
  };
  const results = { latencies: [] as number[], failures: 0, peakDescriptors: 0 };
  let probing = true;
  const running = (async () => {
    while (probing) {
      const round = [
        ...urls.map((url) => timedRequest(`${url}/health`)),
        timedRequest(`${urls[0]}/api/cart/items`, cartAdd),
      ];
      const answers = await Promise.allSettled(
        round.map((answer) => answer.then(({ status, ms }) => (status === 200 ? ms : Infinity))),
      );
      for (const answer of answers) {
        if (answer.status === "fulfilled" && Number.isFinite(answer.value)) results.latencies.push(answer.value);
        else results.failures++;
      }
      results.peakDescriptors = Math.max(results.peakDescriptors, (await readdir(`/proc/${pid}/fd`)).length);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      probing = false;
      await running;
      return results;
    },
  };
}

function streamCounts({ opened, refused, failed }: StreamFlood): string {
  return `${opened} opened, ${refused} refused (503), ${failed} closed unanswered`;
}
