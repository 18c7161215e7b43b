/** What the bench reports: figures (a value beside the baseline measured in the same run), correctness checks, a progress line. */
import { cpus, loadavg, release, totalmem } from "node:os";
import { PINNED } from "./processes.ts";

export interface Figure {
  /** The table's section. */
  group: string;
  name: string;
  value: number;
  unit: string;
  /** What the value is compared with, measured in the same run, in the same unit. */
  baseline?: { name: string; value: number };
  /** value ÷ baseline. */
  ratio?: number;
  /** The goal, for the reader: never checked. */
  target?: string;
}

/** Something that must hold whatever the speed (no acknowledged write lost, no request failed): a broken one fails the run. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** A figure compared with its baseline. */
export function compared(
  group: string,
  name: string,
  unit: string,
  value: number,
  baseline: { name: string; value: number },
  target?: string,
): Figure {
  return { group, name, value, unit, baseline, ratio: value / baseline.value, target };
}

/** Progress on stderr: one line rewritten in place on a terminal, a line per step elsewhere. */
export function progress(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
  else process.stderr.write(`${text}\n`);
}

export function endProgress(): void {
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
}

/** Where the figures were taken: they mean little without it. */
export function machine() {
  const cores = cpus();
  return {
    cpu: `${cores[0]?.model.trim() ?? "unknown"} × ${cores.length}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.version,
    pinned: PINNED,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
  };
}

export function printReport(
  figures: readonly Figure[],
  checks: readonly Check[],
  info: ReturnType<typeof machine>,
  notes: readonly string[],
): void {
  console.log(
    `Machine: ${info.cpu}, ${info.memoryGiB} GiB, Linux ${info.kernel}, Node ${info.node}; load average at the start ${info.loadAverage.join(" ")}`,
  );
  console.log(
    info.pinned
      ? "Servers pinned to core 0, load generators to core 1 (taskset); CLI runs unpinned."
      : "No taskset (or one core): nothing is pinned, so servers and load generators share the cores.",
  );
  for (const note of notes) console.log(note);
  const rows = figures.map((figure) => [
    figure.name,
    `${format(figure.value)} ${figure.unit}`,
    figure.baseline ? `${format(figure.baseline.value)} ${figure.unit} (${figure.baseline.name})` : "",
    figure.ratio === undefined ? "" : `${figure.ratio.toFixed(2)}×`,
    figure.target ?? "",
  ]);
  const header = ["figure", "value", "baseline (same run)", "ratio", "target"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 || column === 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join("  ")
      .trimEnd();
  let group = "";
  console.log(`\n${line(header)}`);
  figures.forEach((figure, index) => {
    if (figure.group !== group) {
      group = figure.group;
      console.log(`\n${group}`);
    }
    console.log(line(rows[index]!));
  });
  if (checks.length > 0) {
    console.log("\nCorrectness (whatever the speed):");
    for (const check of checks) console.log(`  ${check.ok ? "ok    " : "FAILED"}  ${check.name}: ${check.detail}`);
  }
  console.log(
    "\nRatios are against baselines measured in this run; targets are for reading, never checked. Another load on the machine moves them: compare runs on a quiet one.",
  );
}

/** Whole numbers when large, two decimals when small. */
function format(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString("en-US") : value.toFixed(value >= 10 ? 1 : 2);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

/** The q-quantile (nearest rank) of the values. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const mib = (bytes: number) => bytes / 2 ** 20;
