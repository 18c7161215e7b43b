/** Runs `node bin/sandbox.js …` as a real process, the way a user's terminal does. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPTIONS } from "../../src/config/options.ts";
import { ADA } from "./sandbox.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = join(PROJECT_ROOT, "bin", "sandbox.js");

/** The banner line that names the storefront; group 1 is its URL. */
export const STOREFRONT_LINE = /^ {2}storefront +(http:\/\/127\.0\.0\.1:\d+)$/;
/** The banner line that names the wallet; group 1 is its URL. */
export const WALLET_LINE = /^ {2}wallet +(http:\/\/127\.0\.0\.1:\d+)$/;
/** The last line of the banner. */
const READY_LINE = /^Press Ctrl-C to stop\.$/;

type Hooks = { after(fn: () => unknown): void };

export interface CliOptions {
  /** Working directory of the process; the project root unless given (a config file is looked up here). */
  cwd?: string;
  /** Added to an environment that holds none of the sandbox's own variables. */
  env?: Record<string, string>;
  /** Run through `npx --no -- sandbox`, as the README does, instead of `node bin/sandbox.js`. */
  viaNpx?: boolean;
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

/** Processes still running: a test file that ends abruptly must not leave one behind. */
const live = new Set<ChildProcess>();
let killOnExit = false;
function track(child: ChildProcess): void {
  if (!killOnExit) {
    killOnExit = true;
    process.once("exit", () => {
      for (const running of live) running.kill("SIGKILL");
    });
  }
  live.add(child);
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

/** Spawns the CLI; it is killed (SIGKILL) when the test ends if still running. */
export function spawnCli(t: Hooks, args: string[], options: CliOptions = {}): CliProcess {
  const [command, prefix] = options.viaNpx ? ["npx", ["--no", "--", "sandbox"]] : [process.execPath, [BIN]];
  const child = spawn(command, [...prefix, ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: cliEnv(options.env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(child);
  let stdout = "";
  let stderr = "";
  let ended = false;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const closed = new Promise<CliExit>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      ended = true;
      live.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  closed.catch(() => {});
  t.after(async () => {
    if (ended) return;
    child.kill("SIGKILL");
    await closed;
  });

  const describe = () => `\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`;

  return {
    get pid() {
      return child.pid as number;
    },
    get exited() {
      return ended;
    },
    stdout: () => stdout,
    stderr: () => stderr,
    kill: (signal) => void child.kill(signal),
    waitForLine(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const lines = stdout.split("\n").slice(0, -1); // complete lines only
          for (const line of lines) {
            const match = line.match(pattern);
            if (match) return done(() => resolve(match));
          }
          if (ended) done(() => reject(new Error(`the CLI exited (code ${child.exitCode}) before printing a line matching ${pattern}${describe()}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms${describe()}`))), timeoutMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          child.stdout.off("data", check);
          child.off("close", check);
          settle();
        };
        child.stdout.on("data", check);
        child.on("close", check);
        check();
      });
    },
    async exit(timeoutMs = 30_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill("SIGKILL");
          reject(new Error(`the CLI did not exit within ${timeoutMs} ms${describe()}`));
        }, timeoutMs);
      });
      try {
        return await Promise.race([closed, timeout]);
      } finally {
        clearTimeout(timer);
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

/** An error a user can fix: one line, exit code 1, no stack trace. */
export function assertOneLineError(result: CliExit): string {
  const text = result.stderr.trimEnd();
  const problems: string[] = [];
  if (result.code !== 1) problems.push(`exit code ${result.code} (signal ${result.signal}), expected 1`);
  if (text.split("\n").length !== 1) problems.push(`${text.split("\n").length} lines on stderr, expected 1`);
  if (/^\s+at /m.test(result.stderr)) problems.push("a stack trace on stderr");
  if (problems.length > 0) throw new Error(`${problems.join("; ")}\n--- stderr ---\n${result.stderr}\n--- stdout ---\n${result.stdout}`);
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
