/**
 * The CLI's start-up, as test suites and CI scripts pay it on every call: wall time and peak
 * memory of a few commands, and of `sandbox start` until every server answers /health, each
 * against `node -e 0` (the floor of any Node program), medians of five runs after a warm-up.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { BIN, ROOT, startSandbox } from "./processes.ts";
import { compared, type Figure, median, mib, progress } from "./report.ts";

const RUNS = 5;
const PEAK_RSS = join(ROOT, "test/bench/peak-rss.cjs");
const GROUP = "CLI start-up (unpinned, median of 5)";

/** The commands timed, as a script calls them. */
const COMMANDS: readonly (readonly string[])[] = [
  ["--help"],
  ["identity", "sign", "--user", "ada@example.com"],
  ["users"],
];

const TARGETS: Record<string, string> = { "--help": "≤ 3×", start: "≤ 8×" };

interface Run {
  wallMs: number;
  peakRss: number;
}

export async function cliFigures(): Promise<Figure[]> {
  progress("CLI: node -e 0");
  const floor = await measure(["-e", "0"]);
  const figures: Figure[] = [];
  for (const args of COMMANDS) {
    const name = `sandbox ${args.join(" ")}`;
    progress(`CLI: ${name}`);
    const run = await measure([BIN, ...args]);
    const target = TARGETS[args[0]!] ?? "≤ 4×";
    figures.push(
      compared(GROUP, `${name}: wall`, "ms", run.wallMs, { name: "node -e 0", value: floor.wallMs }, target),
    );
    figures.push(
      compared(GROUP, `${name}: peak RSS`, "MiB", mib(run.peakRss), { name: "node -e 0", value: mib(floor.peakRss) }),
    );
  }
  progress("CLI: sandbox start --fresh until all three /health answer");
  const started = await startToHealthy();
  figures.push(
    compared(
      GROUP,
      "sandbox start --fresh until 3× /health",
      "ms",
      started,
      { name: "node -e 0", value: floor.wallMs },
      TARGETS.start,
    ),
  );
  return figures;
}

/** Medians of RUNS runs, after one that warms the file cache. */
export async function measure(args: readonly string[]): Promise<Run> {
  await runOnce(args);
  const runs: Run[] = [];
  for (let index = 0; index < RUNS; index++) runs.push(await runOnce(args));
  return { wallMs: median(runs.map((run) => run.wallMs)), peakRss: median(runs.map((run) => run.peakRss)) };
}

/** From spawn to exit, and the peak RSS the preload reports on descriptor 3. */
function runOnce(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--require", PEAK_RSS, ...args], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let peak = "";
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    (child.stdio[3] as Readable).setEncoding("utf8").on("data", (chunk: string) => (peak += chunk));
    child.once("close", (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) reject(new Error(`node ${args.join(" ")} exited ${code}: ${stderr}`));
      else resolve({ wallMs, peakRss: Number(peak) * 1024 });
    });
  });
}

/** `sandbox start --fresh` from spawn until each of its three servers answered GET /health; the median of RUNS after a warm-up. */
async function startToHealthy(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-bench-start-"));
  try {
    const times: number[] = [];
    for (let index = 0; index <= RUNS; index++) {
      const started = performance.now();
      const sandbox = await startSandbox(dataDir, { role: "free" });
      await Promise.all(Object.values(sandbox.urls).map((url) => untilAnswers(`${url}/health`)));
      if (index > 0) times.push(performance.now() - started);
      await sandbox.stop();
    }
    return median(times);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Resolves once GET url answers 2xx, asking every 5 ms. */
export async function untilAnswers(url: string): Promise<void> {
  for (;;) {
    const response = await fetch(url).catch(() => null);
    await response?.body?.cancel();
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
