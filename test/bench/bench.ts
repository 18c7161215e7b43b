/**
 * `npm run bench`: the sandbox's speed and memory, each figure beside a baseline measured in the
 * same run on the same machine (a bare node:http server, json-server, `node -e 0`), printed as
 * one table; then a connection flood, and how soon the sandbox ends what it has to end (the
 * timings the tests leave to it). Never a pass/fail on speed: the run fails only when something
 * broke (a request failed, an acknowledged write was lost).
 *
 *   npm run bench                        the whole table
 *   npm run bench -- --json              the figures as JSON on stdout
 *   npm run bench -- --only cli,reads    some sections: cli, install, install-routes, reads, fanout, writes, exports, flood, endings
 *   npm run bench -- --soak 60           the soak instead: a mixed load for 60 s
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { OPTIONS } from "../../src/config/options.ts";
import { maxStreams } from "../../src/http/stream-share.ts";
import { cliFigures } from "./cli-startup.ts";
import { endingFigures } from "./endings.ts";
import { exportFigures } from "./exports.ts";
import { fanoutFigures, SUBSCRIBERS } from "./fanout.ts";
import { floodSection } from "./flood.ts";
import { demoUsers, login } from "./http.ts";
import { installSection } from "./install.ts";
import { installRoutesSection } from "./install-routes.ts";
import { rssOf, startSandbox } from "./processes.ts";
import { readFigures } from "./reads.ts";
import { type Check, endProgress, type Figure, machine, mib, printReport, progress } from "./report.ts";
import { growth, soak } from "./soak.ts";
import { writeFigures } from "./writes.ts";

const SECTIONS = [
  "cli",
  "install",
  "install-routes",
  "reads",
  "fanout",
  "writes",
  "exports",
  "flood",
  "endings",
] as const;
type Section = (typeof SECTIONS)[number];

const { values: flags } = parseArgs({
  options: { json: { type: "boolean" }, only: { type: "string" }, soak: { type: "string" } },
});

async function main(): Promise<void> {
  const info = machine();
  if (flags.soak !== undefined) return soakReport(Number(flags.soak), info);
  const only = new Set((flags.only?.split(",") ?? SECTIONS) as Section[]);
  const figures: Figure[] = [];
  const checks: Check[] = [];
  const notes: string[] = [];
  const add = (section: { figures: Figure[]; checks: Check[] }) => {
    figures.push(...section.figures);
    checks.push(...section.checks);
  };
  if (only.has("cli")) figures.push(...(await cliFigures()));
  if (only.has("install")) add(await installSection());
  if (only.has("install-routes")) add(await installRoutesSection());
  if (only.has("reads") || only.has("fanout") || only.has("writes")) await loadSections(only, add, figures, notes);
  if (only.has("exports")) add(await exportFigures());
  if (only.has("flood")) add(await floodRun());
  if (only.has("endings")) add(await endingFigures());
  endProgress();
  if (flags.json)
    console.log(
      JSON.stringify({ machine: { ...info, loadAverageAtEnd: machine().loadAverage }, figures, checks }, null, 2),
    );
  else printReport(figures, checks, info, [...notes, `Load average at the end: ${machine().loadAverage.join(" ")}`]);
  if (checks.some((check) => !check.ok)) process.exitCode = 1;
}

/** Reads, fan-out and writes on one sandbox (all three servers, as `sandbox start` runs them), then its memory; the writes kill it. */
async function loadSections(
  only: Set<Section>,
  add: (section: { figures: Figure[]; checks: Check[] }) => void,
  figures: Figure[],
  notes: string[],
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-bench-"));
  const scratch = await mkdtemp(join(tmpdir(), "sandbox-bench-scratch-"));
  // A subscriber per stream, within the streams' share of the cap, plus the connections of the other loads.
  let cap = SUBSCRIBERS + 200;
  while (maxStreams(cap) < SUBSCRIBERS) cap++;
  const maxConnections = String(cap);
  notes.push(
    `The loaded sandbox runs all three servers, started with --max-connections ${maxConnections} for the ${SUBSCRIBERS} cart streams (streams may hold ${maxStreams(cap)} of them).`,
  );
  progress("Starting the sandbox");
  const sandbox = await startSandbox(dataDir, { args: ["--max-connections", maxConnections] });
  try {
    const [ada, tunde] = await demoUsers();
    const token = await login(sandbox.urls.storefront, ada!);
    if (only.has("reads")) add(await readFigures(sandbox, token, scratch));
    if (only.has("fanout")) add(await fanoutFigures(sandbox, token, scratch));
    const loads = [...only].filter((section) => section === "reads" || section === "fanout").join(", ");
    figures.push({
      group: "Memory",
      name: `sandbox RSS after the loads (${loads})`,
      value: mib(await rssOf(sandbox.child.pid!)),
      unit: "MiB",
      target: "≤ 143 MiB (150 MB)",
    });
    if (loads)
      figures.push({
        group: "Memory",
        name: `sandbox RSS once idle (lowest in the ${IDLE_SECONDS} s after)`,
        value: mib(await idleRss(sandbox.child.pid!)),
        unit: "MiB",
        target: "≤ 76 MiB (80 MB)",
      });
    if (only.has("writes"))
      add(
        await writeFigures(
          sandbox,
          { measured: token, warmUp: await login(sandbox.urls.storefront, tunde!) },
          scratch,
          dataDir,
          ada!.id,
        ),
      );
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}

const IDLE_SECONDS = 30;

/**
 * The sandbox's RSS while it does nothing: V8 gives back the memory a load left (its young
 * generation, collected garbage) only once it sees the process idle, some seconds later.
 */
async function idleRss(pid: number): Promise<number> {
  let lowest = Infinity;
  for (let second = 1; second <= IDLE_SECONDS; second++) {
    progress(`Memory: RSS while idle, ${second} of ${IDLE_SECONDS} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    lowest = Math.min(lowest, await rssOf(pid));
  }
  return lowest;
}

/** The flood on a sandbox of its own, with the default connection cap. */
async function floodRun(): Promise<{ figures: Figure[]; checks: Check[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-bench-flood-"));
  const sandbox = await startSandbox(dataDir);
  try {
    const [ada] = await demoUsers();
    const maxConnections = Number(OPTIONS.find((option) => option.key === "maxConnections")!.default);
    const { storefront, wallet, host } = sandbox.urls;
    return await floodSection({
      urls: [storefront, wallet, host],
      pid: sandbox.child.pid!,
      maxConnections,
      token: await login(storefront, ada!),
    });
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function soakReport(seconds: number, info: ReturnType<typeof machine>): Promise<void> {
  if (!(seconds > 0)) throw new Error("--soak takes the seconds to run, as in --soak 60");
  const result = await soak(seconds);
  endProgress();
  const rss = growth(result.samples.map((sample) => sample.rssMiB));
  const live = growth(result.liveHeap.map((point) => point.liveMiB));
  const verdict = ({ first, last }: { first: number; last: number }) =>
    last > first * 1.05 ? "the last third GREW over the first (more than 5%)" : "no growth (within 5%)";
  if (flags.json) {
    console.log(
      JSON.stringify(
        {
          machine: info,
          ...result,
          rss: { ...rss, grew: rss.last > rss.first * 1.05 },
          liveHeapGrowth: { ...live, grew: live.last > live.first * 1.05 },
        },
        null,
        2,
      ),
    );
  } else {
    console.log(
      `Soak: ${seconds}s of catalog reads, cart adds, cart streams opening and closing, and agent questions, after ${result.warmUp.seconds}s of the same ${result.warmUp.journalsFull ? "until every server's request journal was full" : "(the journals were not full yet: the figures include their filling)"}; ${result.requests} requests in all.`,
    );
    console.log(
      "RSS over time (MiB): " +
        result.samples.map((sample) => `${sample.atSeconds}s ${sample.rssMiB.toFixed(0)}`).join(", "),
    );
    console.log(
      `Mean RSS, first third ${rss.first.toFixed(1)} MiB, last third ${rss.last.toFixed(1)} MiB: ${verdict(rss)}.`,
    );
    console.log(
      "Heap left by each full GC (MiB): " +
        (result.liveHeap.map((point) => `${point.atSeconds}s ${point.liveMiB.toFixed(0)}`).join(", ") || "none ran"),
    );
    if (result.liveHeap.length >= 3)
      console.log(
        `Mean of those, first third ${live.first.toFixed(1)} MiB, last third ${live.last.toFixed(1)} MiB: ${verdict(live)}.`,
      );
    console.log(
      "(RSS includes the garbage V8 lets pile up between full collections; the heap a full GC leaves is what the sandbox holds.)",
    );
    for (const check of result.checks)
      console.log(`  ${check.ok ? "ok    " : "FAILED"}  ${check.name}: ${check.detail}`);
  }
  if (result.checks.some((check) => !check.ok)) process.exitCode = 1;
}

await main();
