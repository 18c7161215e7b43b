import type { ServiceUrls } from "../../service-names.ts";
import type { RunResult } from "../runner.ts";
import { countOf } from "./summary.ts";

/** The results for scripts: the target, each area's checks, and the counts. */
export function jsonReport(run: RunResult, target: { urls: ServiceUrls; own: boolean; readOnly: boolean }): string {
  const counts = countOf(run.results);
  return JSON.stringify(
    {
      ok: counts.fail === 0,
      target,
      summary: { passed: counts.ok, failed: counts.fail, skipped: counts.skip, ms: Math.round(run.ms) },
      areas: run.areas.map((area) => ({
        name: area,
        checks: run.results
          .filter((result) => result.area === area)
          .map(({ name, status, reason, ms }) => ({ name, status, reason, ms: Math.round(ms) })),
      })),
    },
    null,
    2,
  );
}
