import type { CheckResult, Status } from "../check.ts";

export type Counts = Record<Status, number>;

export function countOf(results: readonly CheckResult[]): Counts {
  const counts: Counts = { ok: 0, fail: 0, skip: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}

/** "61 passed, 1 failed, 3 skipped (2.1 s)" */
export function summaryLine(results: readonly CheckResult[], ms: number): string {
  const counts = countOf(results);
  return `${counts.ok} passed, ${counts.fail} failed, ${counts.skip} skipped (${seconds(ms)} s)`;
}

export function seconds(ms: number): string {
  return (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
}
