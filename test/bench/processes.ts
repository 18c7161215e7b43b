/**
 * The bench's processes: servers pinned to one core and load generators to the other (with
 * taskset, where it exists), each in a process of its own, and what the bench reads of them.
 */
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const BIN = join(ROOT, "bin/sandbox.js");

/** Servers run on core 0 and load generators on core 1, when taskset exists and there are two cores. */
export const PINNED = availableParallelism() >= 2 && spawnSync("taskset", ["-c", "0", "true"]).status === 0;

/** A server (core 0), a load generator (core 1), or a process left to the scheduler, as a user's would be (the CLI start-up figures). */
export type Role = "server" | "load" | "free";

/** `node …args` in its role. taskset execs the command, so the pid is node's own. */
export function spawnNode(role: Role, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const command =
    PINNED && role !== "free" ? ["taskset", "-c", role === "server" ? "0" : "1", process.execPath] : [process.execPath];
  return spawn(command[0]!, [...command.slice(1), ...args], { cwd: ROOT, ...options });
}

export interface Server {
  child: ChildProcess;
  /** The first match of the pattern in its stdout. */
  ready: Promise<RegExpExecArray>;
  output(): string;
  /** Sends the signal and resolves once it exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A server process that says where it listens on stdout (its stderr goes to ours). */
export function startServer(args: readonly string[], readyLine: RegExp, role: Role = "server", cwd = ROOT): Server {
  const child = spawnNode(role, args, { cwd, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let out = "";
  const ready = new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = readyLine.exec(out);
      if (match) resolve(match);
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code}) before it was ready:\n${out}`)));
  });
  ready.catch(() => {});
  return {
    child,
    ready,
    output: () => out,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The sandbox's banner names each server and its URL on a line of its own. */
export function bannerUrl(output: string, label: string): string {
  const match = new RegExp(`^ {2}${label} +(http:\\S+)$`, "m").exec(output);
  if (!match) throw new Error(`No ${label} URL in the banner:\n${output}`);
  return match[1]!;
}

/** A sandbox with all three servers on free ports, as `sandbox start` runs it, on the server core. */
export async function startSandbox(
  dataDir: string,
  options: { role?: Role; args?: readonly string[]; nodeArgs?: readonly string[] } = {},
): Promise<Sandbox> {
  const server = startServer(
    [...(options.nodeArgs ?? []), BIN, ...sandboxArgs(dataDir), ...(options.args ?? [])],
    READY_LINE,
    options.role,
  );
  await server.ready;
  const output = server.output();
  return Object.assign(server, {
    urls: {
      storefront: bannerUrl(output, "storefront"),
      wallet: bannerUrl(output, "wallet"),
      host: bannerUrl(output, "host app"),
    },
  });
}

export type Sandbox = Server & { urls: { storefront: string; wallet: string; host: string } };

/** The banner's last line: every server listens. */
const READY_LINE = /^Press Ctrl-C to stop\.$/m;

/** `sandbox start` from the seed on free ports. */
export function sandboxArgs(dataDir: string): string[] {
  return [
    "start",
    "--fresh",
    "--storefront-port",
    "0",
    "--wallet-port",
    "0",
    "--host-port",
    "0",
    "--data-dir",
    dataDir,
  ];
}

/** Resident memory of a running process, in bytes. */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time a running process has used so far (user and system), in seconds; Linux counts it in ticks of 10 ms. */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Runs a load generator to its end and answers its stdout; it fails when the process does. */
export function runLoad(args: readonly string[]): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawnNode("load", args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}
