import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { errnoCode } from "./errors.ts";

/**
 * Running out of file descriptors: EMFILE when this process holds as many as its limit allows
 * (`ulimit -n`), ENFILE when the whole system does. Every socket, listening server and open file
 * takes one, so a process that runs many sandboxes at once (`sandbox run --jobs`) meets it first.
 * Where it shows, it is noted here, so that what runs them can run fewer at once: a server that
 * cannot accept a connection closes it, and its client sees only "other side closed".
 */
export type DescriptorShortage = "EMFILE" | "ENFILE";

let shortages = 0;
let last: DescriptorShortage = "EMFILE";

/** The shortage the error (or an error it was caused by) comes from, if it does. */
export function descriptorShortageOf(error: unknown): DescriptorShortage | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = errnoCode(cause);
    if (code === "EMFILE" || code === "ENFILE") return code;
  }
  return undefined;
}

/** Notes the error when it comes from a shortage of descriptors; answers whether it does. */
export function noteDescriptorShortage(error: unknown): boolean {
  const shortage = descriptorShortageOf(error);
  if (shortage === undefined) return false;
  shortages++;
  last = shortage;
  return true;
}

/** How many shortages were noted in this process so far, and the last one's code. */
export function descriptorShortages(): { count: number; last: DescriptorShortage } {
  return { count: shortages, last };
}

/** The process's limit of open descriptors (the soft one, which `ulimit -n` shows); undefined when unlimited or unknown. */
export function descriptorLimit(): number | undefined {
  try {
    const limits =
      process.platform === "linux"
        ? /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1]
        : // Elsewhere (macOS) a shell says it: it runs with this process's limits.
          spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).stdout.trim();
    return limits && /^\d+$/.test(limits) ? Number(limits) : undefined;
  } catch {
    return undefined;
  }
}

/** How many more descriptors this process may open now; undefined when unknown. */
export function descriptorsLeft(): number | undefined {
  const limit = descriptorLimit();
  if (limit === undefined) return undefined;
  try {
    // Each entry is a descriptor of this process: Linux lists them in /proc, macOS in /dev/fd.
    return limit - readdirSync(process.platform === "linux" ? "/proc/self/fd" : "/dev/fd").length;
  } catch {
    return undefined;
  }
}

/** What a shortage means and what to do, for a line that says it. */
export function describeShortage(shortage: DescriptorShortage): string {
  const limit = descriptorLimit();
  return shortage === "EMFILE"
    ? `this process ran out of file descriptors (EMFILE${limit === undefined ? "" : `, ulimit -n is ${limit}`})`
    : "the system ran out of file descriptors (ENFILE)";
}
