import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { stopChild } from "../child-process.ts";
import { answersHealth } from "../client/health.ts";
import { advertisedServers, serverLines } from "../client/server-lines.ts";
import type { SandboxConfig } from "../config/load.ts";
import { OPTIONS, type OptionKey } from "../config/options.ts";
import { HEALTH_PATH } from "../contracts/service-routes.ts";
import { failWith } from "../errors.ts";
import { packageFile } from "../package-files.ts";
import { controlTokenLines } from "../runtime/banner.ts";
import { appendInDataDir } from "../runtime/launch.ts";
import { runningSandbox } from "../sandbox-lock.ts";
import type { ServiceUrls } from "../service-names.ts";
import { CLI_TEXTS } from "./errors.ts";
import type { Cli, CliIo } from "./io.ts";
import { lastLines, logFile, readLog } from "./log-file.ts";
import { stopRequests } from "./stop-requests.ts";

/** The detached sandbox runs the build, as `npx sandbox` does (even when this CLI runs from the sources: `npm run dev`). */
const BIN = fileURLToPath(packageFile("bin/sandbox.js"));
/** How long a detached start may take before it counts as failed. */
const READY_WITHIN_MS = 30_000;
/** How long a sandbox that never got ready has to stop after SIGTERM before it is killed. */
const STOP_WITHIN_MS = 5000;
const POLL_MS = 100;
const TAIL_LINES = 20;

/**
 * `sandbox start --detach`: starts the sandbox as a process of its own session with these
 * settings, its output appended to the data dir's sandbox.log, and returns once its lock names
 * it with its URLs and every server answers /health. A start that fails prints the end of the log.
 */
export async function startDetached(
  cli: Cli,
  config: SandboxConfig,
  flags: Partial<Record<OptionKey, unknown>>,
  configFile: string | undefined,
  json: boolean,
): Promise<void> {
  const { dataDir } = config;
  const running = await runningSandbox(dataDir);
  if (running) failWith(CLI_TEXTS.alreadyRunning, { values: { dataDir, pid: running.pid }, expected: true });
  const log = logFile(dataDir);
  // Ctrl-C before "ready" stops the sandbox it started: nothing is left running behind a bare ^C.
  const stop = stopRequests(cli.io);
  let outcome: Outcome;
  let child: ChildProcess;
  let offset: number;
  try {
    const spawned = await spawnSandbox(cli.io, dataDir, startArgs(flags, configFile, dataDir));
    ({ child, offset } = spawned);
    const interrupted = stop.next.then((reason) => ({ interrupted: reason }));
    const first = await Promise.race([untilReady(child, spawned.ended, dataDir), interrupted]);
    if ("interrupted" in first) {
      await stopChild(child, { graceMs: STOP_WITHIN_MS });
      failWith(CLI_TEXTS.startInterrupted, {
        values: { reason: first.interrupted, pid: child.pid ?? "?", log },
        expected: true,
      });
    }
    outcome = first;
  } finally {
    stop.dispose();
  }
  if ("failure" in outcome) {
    const text = (await readLog(log, offset))?.bytes.toString("utf8") ?? "";
    const tail = text.trim() === "" ? ["(nothing)"] : lastLines(text, TAIL_LINES);
    failWith(CLI_TEXTS.startFailed, {
      values: { reason: outcome.failure, log, tail: tail.map((line) => `  ${line}`).join("\n") },
      expected: true,
    });
  }
  // The sandbox lives on after this command: nothing here waits for it.
  child.unref();
  const { pid, urls } = outcome;
  if (json) return cli.print(JSON.stringify({ pid, urls, dataDir, log }, null, 2));
  cli.print(
    [
      `Sandbox running in the background (pid ${pid}, data: ${dataDir})`,
      "",
      ...serverLines(advertisedServers(urls)),
      "",
      ...controlTokenLines(config),
      `Log:  ${log}   (npx sandbox logs --data-dir ${dataDir})`,
      `Stop: npx sandbox stop --data-dir ${dataDir}`,
    ].join("\n"),
  );
}

/** The flags of `start` that give these settings again (--detach and --json aside), with the data dir as resolved here. */
function startArgs(
  flags: Partial<Record<OptionKey, unknown>>,
  configFile: string | undefined,
  dataDir: string,
): string[] {
  const args = configFile === undefined ? [] : ["--config", configFile];
  for (const option of OPTIONS) {
    const value = flags[option.key];
    if (value === undefined || option.key === "dataDir") continue;
    if (option.type === "boolean") args.push(value ? option.flag : `--no-${option.flag.slice(2)}`);
    else args.push(option.flag, String(value));
  }
  return [...args, "--data-dir", dataDir];
}

/** Starts `sandbox start` in a session of its own (no terminal's Ctrl-C or hang-up reaches it), writing to the log, which only its owner may read. */
async function spawnSandbox(
  io: CliIo,
  dataDir: string,
  args: string[],
): Promise<{ child: ChildProcess; offset: number; ended: () => string | undefined }> {
  const file = await appendInDataDir(dataDir, logFile(dataDir));
  try {
    await file.chmod(0o600); // a log made before keeps its mode otherwise
    await file.write(`=== ${new Date().toISOString()} sandbox start --detach ===\n`);
    const { size: offset } = await file.stat();
    const child = spawn(process.execPath, [BIN, "start", "--detached", ...args], {
      cwd: io.cwd,
      env: io.env,
      detached: true,
      stdio: ["ignore", file.fd, file.fd],
    });
    // Listened to at once: an end (or a spawn error) may come before the first wait.
    let ended: string | undefined;
    child.once(
      "exit",
      (code, signal) =>
        (ended = signal
          ? `The sandbox was ended by ${signal} during its start`
          : `The sandbox exited during its start (exit code ${code})`),
    );
    child.once("error", (error) => (ended = `The sandbox could not be started (${error.message})`));
    return { child, offset, ended: () => ended };
  } finally {
    await file.close();
  }
}

type Outcome = { pid: number; urls: ServiceUrls } | { failure: string };

/** Waits until the lock names the child with its URLs and every server answers /health, or the child ends, or time runs out. */
async function untilReady(child: ChildProcess, ended: () => string | undefined, dataDir: string): Promise<Outcome> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const failure = ended();
    if (failure) return { failure };
    const lock = await runningSandbox(dataDir);
    if (
      lock &&
      lock.pid === child.pid &&
      lock.urls &&
      (await Promise.all(Object.values(lock.urls).map(answersHealth))).every(Boolean)
    )
      return { pid: lock.pid, urls: lock.urls };
    if (Date.now() > deadline) {
      await stopChild(child, { graceMs: STOP_WITHIN_MS });
      return {
        failure: `The sandbox did not answer ${HEALTH_PATH} within ${READY_WITHIN_MS / 1000} s, so it was stopped`,
      };
    }
    await sleep(POLL_MS);
  }
}
