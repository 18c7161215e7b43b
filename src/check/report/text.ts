/** Where the report is written: a stream, or a buffer in tests. */
type TextOutput = { write(text: string): void };

import type { AreaName, CheckResult, Status } from "../check.ts";
import type { RunObserver } from "../runner.ts";

const LABEL: Record<Status, string> = { ok: "ok  ", fail: "FAIL", skip: "skip" };

/**
 * The run as lines: each area's name, then one line per check as it ends (`ok`, `FAIL` or
 * `skip`, the check, and why). On a terminal, the check in progress shows on a line that the
 * result then replaces.
 */
export function textObserver(out: TextOutput & { isTTY?: boolean }): RunObserver {
  let first = true;
  return {
    areaStart(area: AreaName) {
      out.write(`${first ? "" : "\n"}${area}\n`);
      first = false;
    },
    checkStart(_area, check) {
      if (out.isTTY) out.write(`  …     ${check.name}`);
    },
    checkDone(result: CheckResult) {
      out.write(`${out.isTTY ? "\r\x1b[2K" : ""}${resultLine(result)}\n`);
    },
  };
}

export function resultLine(result: CheckResult): string {
  return `  ${LABEL[result.status]}  ${result.name} — ${result.reason}`;
}
