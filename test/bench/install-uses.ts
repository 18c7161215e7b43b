/**
 * What a team does first with the package, wherever it came from, in the project that installed
 * it: `--help` through both bins, `start --detach` then `stop`, a script that imports
 * `startSandbox`, and `sandbox run` on a scenario the package ships. Each a check of its own.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runningSandbox } from "../../src/sandbox-lock.ts";
import { killGroup, track } from "../helpers/cli.ts";
import type { Detached } from "../helpers/detached.ts";
import { failure, type Ran, runCommand } from "./clean-machine.ts";
import { USER_SCRIPT } from "./install.ts";
import { sandboxArgs } from "./processes.ts";
import type { Check } from "./report.ts";

/** The shipped scenario every route runs: the one the README's example names. */
export const SHIPPED_EXAMPLE = "examples/scenarios/agent-adds-to-cart.yaml";

export async function useInstalled(route: string, project: string, env: NodeJS.ProcessEnv): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name: `${route}: ${name}`, ok, detail });
  const npx = (args: string[]) => runCommand("npx", ["--no", "--", ...args], { cwd: project, env });
  const firstLine = (ran: Ran) => ran.stdout.trim().split("\n")[0] ?? "";

  for (const bin of ["agent-commerce-sandbox", "sandbox"]) {
    const help = await npx([bin, "--help"]);
    const ok = help.code === 0 && /^Usage: /m.test(help.stdout) && help.stdout.includes("start");
    check(`npx --no -- ${bin} --help`, ok, ok ? firstLine(help) : failure(help));
  }

  const dataDir = await mkdtemp(join(project, ".sandbox-data-"));
  try {
    check("start --detach, then stop", ...(await startAndStop(npx, dataDir)));
  } finally {
    const left = await runningSandbox(dataDir);
    if (left) killGroup(left.pid);
    await rm(dataDir, { recursive: true, force: true });
  }

  await writeFile(join(project, "use-sandbox.mjs"), USER_SCRIPT);
  const used = await runCommand(process.execPath, ["use-sandbox.mjs"], { cwd: project, env });
  const imported = used.code === 0 && used.stdout.trim() === "closed";
  check(
    "a script imports startSandbox, starts, fetches /health, closes",
    imported,
    imported ? "closed" : failure(used),
  );

  const example = `node_modules/agent-commerce-sandbox/${SHIPPED_EXAMPLE}`;
  const ran = await npx(["agent-commerce-sandbox", "run", example]);
  const passed = ran.code === 0 && /^1 passed, 0 failed$/m.test(ran.stdout);
  check(`sandbox run ${example}`, passed, passed ? "1 passed, 0 failed" : failure(ran));
  return checks;
}

/** `start --detach --json`, its storefront's /health, `stop`; then the storefront must no longer answer. */
async function startAndStop(npx: (args: string[]) => Promise<Ran>, dataDir: string): Promise<[boolean, string]> {
  const started = await npx(["agent-commerce-sandbox", ...sandboxArgs(dataDir), "--detach", "--json"]);
  if (started.code !== 0) return [false, `start --detach ${failure(started)}`];
  const detached = JSON.parse(started.stdout) as Detached;
  track(detached.pid);
  const health = `${detached.urls.storefront}/health`;
  const before = await statusOf(health);
  const stopped = await npx(["agent-commerce-sandbox", "stop", "--data-dir", dataDir]);
  if (stopped.code !== 0) return [false, `stop ${failure(stopped)}`];
  const after = await statusOf(health);
  return [before === 200 && after === "refused", `/health: ${before} while it ran, ${after} after stop`];
}

async function statusOf(url: string): Promise<number | "refused"> {
  const answer = await fetch(url).catch(() => null);
  await answer?.body?.cancel();
  return answer?.status ?? "refused";
}
