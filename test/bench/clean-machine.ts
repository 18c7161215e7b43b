/**
 * Commands run as on a team's clean machine: an npm cache of their own (empty until they fill it),
 * none of the npm_* variables `npm run bench` set nor the sandbox's own settings, and no
 * node_modules/.bin of this repository on PATH (through which npx could find a bin the adopting
 * project's install failed to bring).
 */
import { spawn } from "node:child_process";
import { delimiter } from "node:path";
import { OPTIONS } from "../../src/config/options.ts";

const SETTINGS = new Set<string>(OPTIONS.map((option) => option.env));

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The environment of a clean machine whose npm keeps its cache in `cache` (npm's own if none); `more` adds variables. */
export function cleanEnv(cache?: string, more: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== "INIT_CWD" && !SETTINGS.has(key)),
  );
  const path = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !/node_modules[\\/]\.bin$/.test(dir))
    .join(delimiter);
  // No audit or funding calls: they ask the registry about the tree after the install, which the install does not need.
  return {
    ...env,
    PATH: path,
    ...(cache ? { npm_config_cache: cache } : {}),
    npm_config_audit: "false",
    npm_config_fund: "false",
    ...more,
  };
}

/** Runs a command to its end (never rejects): its exit code, output and wall time. Killed after `timeoutMs`. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 600_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", (error) => resolve({ code: null, stdout, stderr: `${stderr}${error.message}`, ms: 0 }));
    child.once("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

/** What a failed command said, for a check's detail: its exit code and the last lines it wrote. */
export function failure(ran: Ran): string {
  const said = `${ran.stderr}\n${ran.stdout}`.trim().split("\n").slice(-4).join(" | ");
  return `exited ${ran.code}: ${said}`;
}
