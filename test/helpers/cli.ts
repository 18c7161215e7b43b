/** Runs `node bin/sandbox.js …` as a real process, the way a user's terminal does. */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPTIONS } from "../../src/config/options.ts";
import { withDeadline } from "./deadline.ts";
import { Output } from "./output.ts";
import { ADA } from "./sandbox.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = join(PROJECT_ROOT, "bin", "sandbox.js");

/** The banner line that names the storefront; group 1 is its URL. */
export const STOREFRONT_LINE = /^ {2}storefront +(http:\/\/127\.0\.0\.1:\d+)$/;
/** The banner line that names the wallet; group 1 is its URL. */
export const WALLET_LINE = /^ {2}wallet +(http:\/\/127\.0\.0\.1:\d+)$/;
/** The last line of the banner. */
export const READY_LINE = /^Press Ctrl-C to stop\.$/;

type Hooks = { after(fn: () => unknown): void };

export interface CliOptions {
  /** Working directory of the process; the project root unless given (a config file is looked up here). */
  cwd?: string;
  /** Added to an environment that holds none of the sandbox's own variables. */
  env?: Record<string, string>;
  /** Run through `npx --no -- sandbox`, as the README does, instead of `node bin/sandbox.js`. */
  viaNpx?: boolean;
  /** Another copy's bin/sandbox.js (a built copy of the project, say) instead of this one's. */
  bin?: string;
  /** The process's limit of open file descriptors (`ulimit -n`, set by bash before it runs the CLI). */
  descriptorLimit?: number;
  /** Runs this ES module source (`node --input-type=module -e`, where "agent-commerce-sandbox" imports the package) instead of the CLI; the args follow it. */
  script?: string;
}

export interface CliExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  readonly pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first complete stdout line that matches; rejects on timeout or if the process ends first. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves once the process ended and all its output is read; rejects (after a SIGKILL) on timeout. */
  exit(timeoutMs?: number): Promise<CliExit>;
  kill(signal: NodeJS.Signals): void;
  readonly exited: boolean;
}

/** How long a cleanup waits for a killed CLI's output to close before it stops reading and returns anyway. */
const OUTPUT_CLOSE_MS = 5000;
/** How long the output may stay open after the CLI exited (a process it started may hold it) before it is cut. */
const AFTER_EXIT_MS = 2000;

/** Process groups of CLIs not cleaned up yet: a test file that ends abruptly must not leave one behind. */
const groups = new Set<number>();
let killOnExit = false;
/** Kills the process group led by `pid` (SIGKILL) if the test file ends before its cleanup ran. */
export function track(pid: number): void {
  if (!killOnExit) {
    killOnExit = true;
    process.once("exit", () => groups.forEach(killGroup));
    // The runner ends a file that overran --test-timeout with SIGTERM, Ctrl-C sends SIGINT, and neither
    // runs "exit" handlers; the groups, apart from ours, get neither signal. Kill them, then die of it.
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        groups.forEach(killGroup);
        process.kill(process.pid, signal);
      });
    }
  }
  groups.add(pid);
}

/** SIGKILLs the CLI and everything it started (npx's `sh`, the sandbox under it): they share its process group. */
export function killGroup(pid: number): void {
  groups.delete(pid);
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // the whole group has ended already
  }
}

/**
 * The live processes of the group led by `pgid` (the CLI, and what npx started under it), with
 * their command lines: from /proc, Linux only. A zombie, ended but not reaped, is left out.
 */
export function groupMembers(pgid: number): { pid: number; command: string[] }[] {
  return readdirSync("/proc").flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(group) !== pgid || state === "Z") return [];
      return [{ pid: Number(name), command: readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0") }];
    } catch {
      return []; // it ended while we looked
    }
  });
}

/** The parent's environment without any setting of the sandbox (STOREFRONT_PORT, DATA_DIR, …). */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const option of OPTIONS) delete env[option.env];
  delete env.NODE_TEST_CONTEXT; // set by the test runner; the CLI is not a test file
  return { ...env, ...extra };
}

/**
 * A temp dir removed when the test ends; its real path, as the CLI prints it. Hooks run in the
 * order they were added, so this runs before a CLI started later is killed: retries cover a
 * file that appears while the dir is being removed.
 */
export async function tempDir(t: Hooks, prefix = "sandbox-cli-"): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  t.after(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }));
  return dir;
}

/**
 * Spawns the CLI in a process group of its own; when the test ends the whole group is killed
 * (SIGKILL), and the cleanup waits for the output to close for OUTPUT_CLOSE_MS at most.
 */
export function spawnCli(t: Hooks, args: string[], options: CliOptions = {}): CliProcess {
  const [command, prefix] = options.viaNpx
    ? ["npx", ["--no", "--", "sandbox"]]
    : options.script !== undefined
      ? [process.execPath, ["--input-type=module", "-e", options.script, "--"]]
      : options.descriptorLimit
        ? [
            "bash",
            ["-c", `ulimit -n ${options.descriptorLimit} && exec "$0" "$@"`, process.execPath, options.bin ?? BIN],
          ]
        : [process.execPath, [options.bin ?? BIN]];
  const child = spawn(command, [...prefix, ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: cliEnv(options.env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const pid = child.pid as number;
  track(pid);
  const stdout = new Output();
  const stderr = new Output();
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => stdout.write(chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr.write(chunk));
  let ended = false;
  const cut = () => {
    child.stdout.destroy();
    child.stderr.destroy();
  };
  child.once("exit", () => setTimeout(cut, AFTER_EXIT_MS).unref());
  const closed = new Promise<CliExit>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      ended = true;
      stdout.end(`the CLI exited (code ${code}, signal ${signal})`);
      resolve({ code, signal, stdout: stdout.text, stderr: stderr.text });
    });
  });
  closed.catch(() => {});
  t.after(async () => {
    killGroup(pid);
    if (ended) return;
    await withDeadline(closed, OUTPUT_CLOSE_MS, "the killed CLI's output").catch(cut);
  });

  const describe = () => `\n--- stdout ---\n${stdout.text}\n--- stderr ---\n${stderr.text}`;

  return {
    pid,
    get exited() {
      return ended;
    },
    stdout: () => stdout.text,
    stderr: () => stderr.text,
    kill: (signal) => void child.kill(signal),
    waitForLine: (pattern, timeoutMs = 30_000) => stdout.waitForLine(pattern, timeoutMs, describe),
    async exit(timeoutMs = 30_000) {
      try {
        return await withDeadline(closed, timeoutMs, "the CLI");
      } catch (error) {
        killGroup(pid);
        throw new Error(`${(error as Error).message}${describe()}`);
      }
    },
  };
}

/** Runs a command that is expected to end by itself (help, users, a refused start). */
export function runCli(t: Hooks, args: string[], options: CliOptions = {}, timeoutMs = 30_000): Promise<CliExit> {
  return spawnCli(t, args, options).exit(timeoutMs);
}

/** `start` on a free port with this data dir: the flags every test passes. */
export function startArgs(dataDir: string, ...more: string[]): string[] {
  return ["start", "--storefront-port", "0", "--wallet-port", "0", "--host-port", "0", "--data-dir", dataDir, ...more];
}

export interface RunningCli {
  cli: CliProcess;
  /** The storefront URL read from the banner. */
  url: string;
}

/** Spawns the CLI and waits for the whole banner; the URL is the one it printed. */
export async function startCli(t: Hooks, args: string[], options: CliOptions = {}): Promise<RunningCli> {
  const cli = spawnCli(t, args, options);
  const [, url] = await cli.waitForLine(STOREFRONT_LINE);
  await cli.waitForLine(READY_LINE);
  return { cli, url: url as string };
}

/** Sends the signal and waits for the process to end. */
export function stopCli(cli: CliProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<CliExit> {
  cli.kill(signal);
  return cli.exit();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The lines of an output, without the empty one after the last newline. */
export function lines(output: string): string[] {
  return output.replace(/\n$/, "").split("\n");
}

/** An error a user can fix: one line, exit code 1 (2 for a command that cannot run as invoked), no stack trace. */
export function assertOneLineError(result: CliExit, exitCode = 1): string {
  const text = result.stderr.trimEnd();
  const problems: string[] = [];
  if (result.code !== exitCode)
    problems.push(`exit code ${result.code} (signal ${result.signal}), expected ${exitCode}`);
  if (text.split("\n").length !== 1) problems.push(`${text.split("\n").length} lines on stderr, expected 1`);
  if (/^\s+at /m.test(result.stderr)) problems.push("a stack trace on stderr");
  if (problems.length > 0)
    throw new Error(`${problems.join("; ")}\n--- stderr ---\n${result.stderr}\n--- stdout ---\n${result.stdout}`);
  return text;
}

export async function login(url: string, user: { email: string; password: string } = ADA): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export function addToCart(url: string, token: string, productId: string, quantity: number): Promise<Response> {
  return fetch(`${url}/api/cart/items`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ product_id: productId, quantity }),
  });
}

/** Adds to the cart and returns the product's quantity in the cart that came back. */
export async function addAndCount(url: string, token: string, productId: string, quantity: number): Promise<number> {
  const response = await addToCart(url, token, productId, quantity);
  if (response.status !== 200) throw new Error(`add to cart failed: ${response.status} ${await response.text()}`);
  const cart = (await response.json()) as { items: { id: string; quantity: number }[] };
  const item = cart.items.find((candidate) => candidate.id === productId);
  if (!item) throw new Error(`${productId} is not in the returned cart: ${JSON.stringify(cart)}`);
  return item.quantity;
}
