/**
 * `npm run bench`: throughput and memory of the storefront against a bare Node HTTP server,
 * measured in the same run on the same machine, printed as ratios and checked against targets;
 * then a connection flood against a whole sandbox (./flood.ts). The servers and the load
 * generator (autocannon) each run in their own process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPTIONS } from "../../src/config/options.ts";
import { floodSection } from "./flood.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

/**
 * Minimum throughput of a sandbox route as a share of the bare server's, and the RSS ceiling.
 * Set to catch regressions: without the verified-token cache products fall to ~0.07, and
 * without group commit (one fsync per write) cart writes fall well below 0.02.
 */
const TARGETS = { health: 0.3, products: 0.15, cartWrites: 0.05, rssRatio: 4 };

const BARE_SERVER = `
  require("node:http").createServer((req, res) => {
    req.resume();
    req.on("end", () => { res.setHeader("content-type", "application/json"); res.end('{"status":"ok"}'); });
  }).listen(0, "127.0.0.1", function () { console.log("  bare http://127.0.0.1:" + this.address().port); });`;

interface Run { rps: number; p99: number; errors: number; non2xx: number }

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-bench-"));
  try {
    const { checks, failedRequests } = await throughput(dataDir);
    const flood = await floodRun(dataDir);
    console.log("\nratio                                         value   target   result");
    for (const check of checks) console.log(`${check.name.padEnd(45)} ${check.value.toFixed(2).padStart(5)}   ${check.target.padEnd(7)}  ${check.ok ? "ok" : "BELOW TARGET"}`);
    for (const check of flood) console.log(`${`flood: ${check.name}`.padEnd(62)}  ${check.ok ? "ok" : "FAILED"}`);
    const total = checks.length + flood.length;
    const passed = [...checks, ...flood].filter((check) => check.ok).length;
    console.log(`\n${passed} passed, ${total - passed} failed`);
    if (failedRequests) console.log("Some requests failed or were not 2xx: see the table above.");
    if (passed < total || failedRequests) process.exitCode = 1;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Requests per second of the storefront's routes against the bare server's, and memory. */
async function throughput(dataDir: string) {
  const bare = startServer(process.execPath, ["-e", BARE_SERVER], /bare (http:\S+)/);
  const sandbox = startServer(process.execPath, [join(ROOT, "bin/sandbox.js"), "start", "--only", "storefront", "--storefront-port", "0", "--data-dir", dataDir], /storefront +(http:\S+)/);
  try {
    const [bareUrl, sandboxUrl] = await Promise.all([bare.url, sandbox.url]);
    const token = await login(sandboxUrl);
    const auth = { authorization: `Bearer ${token}` };
    const cartBody = JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 });
    const json = { "content-type": "application/json" };

    console.log(`Each run: ${SECONDS}s, ${CONNECTIONS} connections.`);
    const bareGet = await load("bare GET", bareUrl);
    const barePost = await load("bare POST", bareUrl, { method: "POST", headers: json, body: cartBody });
    const health = await load("GET /health", `${sandboxUrl}/health`);
    const products = await load("GET /api/products", `${sandboxUrl}/api/products`, { headers: auth });
    const writes = await load("POST /api/cart/items (fsynced)", `${sandboxUrl}/api/cart/items`, { method: "POST", headers: { ...auth, ...json }, body: cartBody });
    const rss = { bare: await rssOf(bare.child), sandbox: await rssOf(sandbox.child) };

    const checks = [
      ratioCheck("GET /health vs bare GET", health.rps / bareGet.rps, TARGETS.health),
      ratioCheck("GET /api/products vs bare GET", products.rps / bareGet.rps, TARGETS.products),
      ratioCheck("POST /api/cart/items vs bare POST", writes.rps / barePost.rps, TARGETS.cartWrites),
      { name: `RSS ${mb(rss.sandbox)} vs bare ${mb(rss.bare)}`, value: rss.sandbox / rss.bare, target: `<= ${TARGETS.rssRatio}`, ok: rss.sandbox / rss.bare <= TARGETS.rssRatio },
    ];
    return { checks, failedRequests: [health, products, writes].some((run) => run.errors > 0 || run.non2xx > 0) };
  } finally {
    bare.child.kill("SIGTERM");
    sandbox.child.kill("SIGTERM");
    await Promise.all([bare.exited, sandbox.exited]);
  }
}

/** The flood section on a sandbox of its own, with all three servers in one process and the default settings. */
async function floodRun(dataDir: string) {
  const sandbox = startServer(process.execPath, [join(ROOT, "bin/sandbox.js"), "start", "--fresh", "--storefront-port", "0", "--wallet-port", "0", "--host-port", "0", "--data-dir", dataDir], /host app +(http:\S+)/);
  try {
    await sandbox.url;
    const urls = ["storefront", "wallet", "host app"].map((label) => new RegExp(`^ {2}${label} +(http:\\S+)$`, "m").exec(sandbox.output())![1]!);
    const maxConnections = Number(OPTIONS.find((option) => option.key === "maxConnections")!.default);
    return await floodSection({ urls, pid: sandbox.child.pid!, maxConnections, token: await login(urls[0]!) });
  } finally {
    sandbox.child.kill("SIGTERM");
    await sandbox.exited;
  }
}

function startServer(command: string, args: string[], urlLine: RegExp) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let out = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = urlLine.exec(out);
      if (match) resolve(match[1] as string);
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code}) before listening:\n${out}`)));
  });
  return { child, url, exited, output: () => out };
}

async function login(url: string): Promise<string> {
  const users = JSON.parse(await readFile(join(ROOT, "fixtures/users.json"), "utf8")) as { users: { email: string; password: string }[] };
  const { email, password } = users.users[0]!;
  const response = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  return ((await response.json()) as { token: string }).token;
}

/** Runs autocannon in its own process, printing progress, and returns its summary. */
async function load(name: string, url: string, request: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Run> {
  process.stdout.write(`  ${name.padEnd(34)} `);
  const args = [join(ROOT, "node_modules/autocannon/autocannon.js"), "--json", "-c", String(CONNECTIONS), "-d", String(SECONDS), "-m", request.method ?? "GET"];
  for (const [key, value] of Object.entries(request.headers ?? {})) args.push("-H", `${key}=${value}`);
  if (request.body) args.push("-b", request.body);
  args.push(url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited ${code}`))));
  });
  const result = JSON.parse(output) as { requests: { average: number }; latency: { p99: number }; errors: number; non2xx: number };
  const run = { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
  console.log(`${Math.round(run.rps).toString().padStart(7)} req/s   p99 ${run.p99} ms${run.errors || run.non2xx ? `   errors ${run.errors}, non-2xx ${run.non2xx}` : ""}`);
  return run;
}

function ratioCheck(name: string, value: number, target: number) {
  return { name, value, target: `>= ${target}`, ok: value >= target };
}

async function rssOf(child: ChildProcess): Promise<number> {
  const status = await readFile(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

await main();
