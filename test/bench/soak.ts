/**
 * `npm run bench -- --soak <seconds>`: a sandbox under a steady mix of catalog reads, cart adds,
 * cart streams that open and close, and agent questions (asked through the agent's own client,
 * in this process, as `sandbox agent ask` does). The same load warms it up first, until every
 * server's request journal is full (it holds the last requests by design: memory grows until
 * then); `seconds` are measured from there. Reports its memory over that time, every failed
 * request, and whether each cart holds exactly the adds that were acknowledged.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadActions } from "../../src/agent/actions/definition.ts";
import { ask } from "../../src/agent/ask.ts";
import { agentCatalog, agentTargets, DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import type { SandboxHealth } from "../../src/client/controls-client.ts";
import { loadConfig } from "../../src/config/load.ts";
import { SERVICE_NAMES } from "../../src/service-names.ts";
import { CART_ADD, type DemoUser, demoUsers, JSON_TYPE, login } from "./http.ts";
import { rssOf, type Sandbox, startSandbox } from "./processes.ts";
import { type Check, mib, progress } from "./report.ts";

const SAMPLE_EVERY_MS = 2_000;
const READERS = 8;
const WRITERS = 4;
const STREAMS = 40;
const AGENTS = 2;
/** The warm-up ends once the journals are full, or after this long whatever they hold. */
const WARM_UP_LIMIT_MS = 120_000;
/** Agent questions: reads of both services, and one that adds to the cart (counted with the other adds). */
const QUESTIONS = [
  "what's in my orders?",
  "how much did I spend last month?",
  "what is my balance?",
  "search for rice",
  "add 2 ofada rice to my cart",
];

export interface SoakResult {
  seconds: number;
  /** How long the load ran before the measured seconds, and whether every server's journal was full by then. */
  warmUp: { seconds: number; journalsFull: boolean; sandboxUptimeMs: number };
  samples: { atSeconds: number; rssMiB: number }[];
  /** The heap left after each full garbage collection (V8's --trace-gc): what the sandbox holds, garbage aside. */
  liveHeap: { atSeconds: number; liveMiB: number }[];
  requests: number;
  failures: string[];
  checks: Check[];
}

export async function soak(seconds: number): Promise<SoakResult> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-bench-soak-"));
  // RSS alone cannot tell a leak: under a steady load V8 lets garbage pile up to several times the
  // live heap before a full collection. --trace-gc prints the heap each full collection leaves.
  const sandbox = await startSandbox(dataDir, { nodeArgs: ["--trace-gc"] });
  try {
    return await run(sandbox, dataDir, seconds);
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(sandbox: Sandbox, dataDir: string, seconds: number): Promise<SoakResult> {
  const users = await demoUsers();
  const tokens = await Promise.all(users.map((user) => login(sandbox.urls.storefront, user)));
  const acked = new Map<string, number>();
  const failures: string[] = [];
  let requests = 0;
  let ends = Infinity; // set once warmed up
  const running = () => performance.now() < ends;
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const counted = async (what: string, work: () => Promise<boolean | string>) => {
    requests++;
    const outcome = await work().catch((error: Error) => error.message);
    if (outcome !== true) failures.push(`${what}: ${outcome === false ? "not 2xx" : outcome}`);
  };
  const ack = (user: DemoUser, quantity: number) => acked.set(user.id, (acked.get(user.id) ?? 0) + quantity);
  const storefront = sandbox.urls.storefront;

  const readers = loops(READERS, running, async () => {
    const index = Math.floor(Math.random() * users.length);
    await counted("GET /api/products", async () => {
      const response = await fetch(`${storefront}/api/products${Math.random() < 0.5 ? "?q=rice" : ""}`, {
        headers: { authorization: `Bearer ${tokens[index]}` },
      });
      await response.arrayBuffer();
      return response.ok;
    });
  });
  const writers = loops(WRITERS, running, async () => {
    const index = Math.floor(Math.random() * users.length);
    await counted("POST /api/cart/items", async () => {
      const response = await fetch(`${storefront}/api/cart/items`, {
        method: "POST",
        headers: { ...JSON_TYPE, authorization: `Bearer ${tokens[index]}` },
        body: JSON.stringify(CART_ADD),
      });
      await response.arrayBuffer();
      if (response.ok) ack(users[index]!, CART_ADD.quantity);
      return response.ok;
    });
  });
  const streams = loops(STREAMS, running, async () => {
    const token = pick(tokens);
    await counted("GET /api/cart/stream", async () => {
      const leave = new AbortController();
      const response = await fetch(`${storefront}/api/cart/stream?access_token=${token}`, { signal: leave.signal });
      if (!response.ok) return false;
      setTimeout(() => leave.abort(), 300 + Math.random() * 2_000);
      await response.body!.pipeTo(new WritableStream()).catch(() => {});
      return true;
    });
  });
  const config = await loadConfig({ env: {}, cwd: dataDir, flags: { dataDir } });
  const targetFor = await agentTargets(config);
  const actions = await loadActions(DEFAULT_ACTIONS_DIR);
  const agents = loops(AGENTS, running, async () => {
    const user = pick(users);
    const question = pick(QUESTIONS);
    await counted(`agent ask "${question}"`, async () => {
      const { target } = await targetFor(user.email);
      const transcript = await ask(question, { actions, target, catalog: () => agentCatalog(target) });
      const status = transcript.call?.response.status ?? 0;
      if (status >= 200 && status < 300 && transcript.action === "add_to_cart")
        ack(user, Number(transcript.parameters.quantity ?? 1));
      return status >= 200 && status < 300 ? true : `answered ${status || "nothing"}: ${transcript.answer}`;
    });
  });

  const warmUp = await warmedUp(storefront, () => `${requests} requests, ${failures.length} failed`);
  const gcBefore = sandbox.output().length;
  const samples: SoakResult["samples"] = [];
  const started = performance.now();
  ends = started + seconds * 1000;
  // Sampled every 2 s while a second or more is left; once more when the load has stopped.
  while (ends - performance.now() >= 1000) {
    samples.push({
      atSeconds: Math.round((performance.now() - started) / 1000),
      rssMiB: mib(await rssOf(sandbox.child.pid!)),
    });
    progress(
      `Soak: ${samples.at(-1)!.atSeconds}s of ${seconds}s, RSS ${samples.at(-1)!.rssMiB.toFixed(0)} MiB, ${requests} requests, ${failures.length} failed`,
    );
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(SAMPLE_EVERY_MS, Math.max(0, ends - performance.now()))),
    );
  }
  await Promise.all([readers, writers, streams, agents]);
  samples.push({ atSeconds: seconds, rssMiB: mib(await rssOf(sandbox.child.pid!)) });

  const stats = await settledStats(storefront);
  await sandbox.stop();
  const stored = JSON.parse(await readFile(join(dataDir, "storefront.json"), "utf8")) as {
    carts: Record<string, { lines: { quantity: number }[] }>;
  };
  const mismatched = users.filter(
    (user) =>
      (stored.carts[user.id]?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0) !== (acked.get(user.id) ?? 0),
  );
  return {
    seconds,
    warmUp,
    samples,
    liveHeap: fullCollections(sandbox.output().slice(gcBefore), warmUp.sandboxUptimeMs),
    requests,
    failures,
    checks: [
      {
        name: "no request failed",
        ok: failures.length === 0,
        detail: `${failures.length} of ${requests}${failures.length ? `: ${[...new Set(failures)].slice(0, 3).join("; ")}` : ""}`,
      },
      {
        name: "each cart holds exactly the acknowledged adds",
        ok: mismatched.length === 0,
        detail:
          users.map((user) => `${user.email.split("@")[0]} ${acked.get(user.id) ?? 0}`).join(", ") +
          (mismatched.length ? `; wrong: ${mismatched.map((user) => user.email).join(", ")}` : ""),
      },
      {
        name: "no cart stream left open once its clients left",
        ok: stats.liveStreams === 0 && stats.cartListeners === 0,
        detail: `liveStreams ${stats.liveStreams}, cartListeners ${stats.cartListeners}`,
      },
    ],
  };
}

/** Waits, showing how full the journals are, until each server's has made room once (or the limit passed). */
async function warmedUp(storefront: string, load: () => string): Promise<SoakResult["warmUp"]> {
  const started = performance.now();
  for (;;) {
    const { journal, uptimeMs } = (await (await fetch(`${storefront}/__sandbox/health`)).json()) as SandboxHealth;
    // A journal is full once it has made room for a newer request.
    const windows = SERVICE_NAMES.map((service) => ({
      service,
      entries: journal[service]?.entries ?? 0,
      full: (journal[service]?.madeRoom ?? 0) > 0,
    }));
    const full = windows.every((window) => window.full);
    const seconds = Math.round((performance.now() - started) / 1000);
    if (full || performance.now() - started > WARM_UP_LIMIT_MS)
      return { seconds, journalsFull: full, sandboxUptimeMs: uptimeMs };
    progress(
      `Soak: warming up until every request journal is full (${seconds}s): ${windows.map((window) => `${window.service} ${window.entries}${window.full ? " full" : ""}`).join(", ")}; ${load()}`,
    );
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
}

/** The sandbox's counters once the streams it still holds have closed (a client's leaving reaches it a moment later), or after a second. */
async function settledStats(storefront: string): Promise<Record<string, number>> {
  const gives = performance.now() + 1_000;
  for (;;) {
    const { stats } = (await (await fetch(`${storefront}/__sandbox/health`)).json()) as {
      stats: Record<string, number>;
    };
    if ((stats.liveStreams === 0 && stats.cartListeners === 0) || performance.now() > gives) return stats;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * "[pid:0x…]  14656 ms: Mark-Compact 49.0 (87.1) -> 34.6 (87.9) MB, …": the heap after each full
 * collection, and when: V8 counts from the process's start, a moment before the sandbox's
 * uptime does, which is near enough to tell the seconds since the warm-up ended.
 */
function fullCollections(output: string, warmUpEndedAtMs: number): SoakResult["liveHeap"] {
  return [...output.matchAll(/ (\d+) ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/g)].map((match) => ({
    atSeconds: Math.max(0, Math.round((Number(match[1]) - warmUpEndedAtMs) / 1000)),
    liveMiB: (Number(match[2]) * 1e6) / 2 ** 20,
  }));
}

/** `count` loops that each repeat `step` while `running()`. */
async function loops(count: number, running: () => boolean, step: () => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (running()) await step();
    }),
  );
}

/** Mean of the last third of the values over the first third's. */
export function growth(values: readonly number[]): { first: number; last: number } {
  const third = Math.max(1, Math.floor(values.length / 3));
  const mean = (list: readonly number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  return { first: mean(values.slice(0, third)), last: mean(values.slice(-third)) };
}
