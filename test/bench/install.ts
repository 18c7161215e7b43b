/**
 * What a team that adds the sandbox gets: the package packed as it would be published, installed
 * into an empty project (from the npm cache where it can), and used there as its README says:
 * `npx sandbox --help`, `start --detach` + `status` + `stop`, and a script that imports
 * `startSandbox`. Checks that each works and that the tarball holds what runs and nothing else;
 * figures for the size of what it installs and how soon it starts. `.ci/run` runs this section.
 */
import { execFile, spawn } from "node:child_process";
import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { measure, untilAnswers } from "./cli-startup.ts";
import { ROOT, sandboxArgs } from "./processes.ts";
import type { Check, Figure } from "./report.ts";
import { median, mib, progress } from "./report.ts";

const run = promisify(execFile);
const GROUP = "The installed package (npm pack, npm install into an empty project)";
const RUNS = 5;

/** No runtime dependency may bring these: an AI SDK, analytics or telemetry, a compiler, a browser framework. */
const UNWANTED = /^(ai|@ai-sdk\/.*|.*analytics.*|.*telemetry.*|typescript|vue|@vue\/.*)$/;

/** Every file the tarball must hold, and the prefixes none of its files may have. */
const MUST_SHIP = [
  "bin/sandbox.js",
  "dist/index.js",
  "dist/cli.js",
  "dist/types/index.d.ts",
  "dist/assets/scalar/standalone.js",
  "dist/assets/scalar/LICENSE",
  "fixtures/users.json",
  "docs/scenarios.md",
  "docs/scenario.schema.json",
  "docs/controls.md",
  "docs/contract-check.md",
  "examples/scenarios/agent-adds-to-cart.yaml",
  "examples/ci/github-actions.yml",
  "examples/agents/builtin-agent.mjs",
  "examples/agents/mcp-agent.mjs",
  "examples/tasks/told-not-to-add.yaml",
  "LICENSE",
  "README.md",
  "package.json",
];
const MUST_NOT_SHIP = /^(src|test|data|scripts|node_modules)\/|^examples\/(?!scenarios\/|ci\/|agents\/|tasks\/)/;

/** The script a user's test file is: import, start, one request, close; it says when it closed. */
export const USER_SCRIPT = `import { startSandbox } from "agent-commerce-sandbox";
const sandbox = await startSandbox();
const health = await fetch(\`\${sandbox.urls.storefront}/health\`);
if (!health.ok) throw new Error(\`/health answered \${health.status}\`);
await health.text();
await sandbox.close();
console.log("closed");
`;

/** The same with node:http instead of fetch(): what the sandbox costs a process, without what fetch() costs it. */
const USER_SCRIPT_HTTP = `import { get } from "node:http";
import { startSandbox } from "agent-commerce-sandbox";
const sandbox = await startSandbox();
const status = await new Promise((resolve, reject) =>
  get(\`\${sandbox.urls.storefront}/health\`, (answer) => answer.resume().on("end", () => resolve(answer.statusCode))).on("error", reject));
if (status !== 200) throw new Error(\`/health answered \${status}\`);
await sandbox.close();
console.log("closed");
`;

/** fetch() once from a bare node:http server, and exit: what fetch() costs any process. */
const FETCH_ONLY = `import { createServer } from "node:http";
const server = createServer((request, answer) => answer.end("ok")).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
await (await fetch(\`http://127.0.0.1:\${server.address().port}/\`)).text();
server.close();
server.closeAllConnections();
`;

export async function installSection(): Promise<{ figures: Figure[]; checks: Check[] }> {
  const scratch = await mkdtemp(join(tmpdir(), "sandbox-install-"));
  const checks: Check[] = [];
  const figures: Figure[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  try {
    progress("Install: npm pack (builds first)");
    const [packed] = JSON.parse(
      (await run("npm", ["pack", "--json", "--pack-destination", scratch], { cwd: ROOT, maxBuffer: 64 * 2 ** 20 }))
        .stdout,
    ) as {
      filename: string;
      files: { path: string }[];
      size: number;
    }[];
    const shipped = packed!.files.map((file) => file.path);
    const missing = MUST_SHIP.filter((path) => !shipped.includes(path));
    const extra = shipped.filter((path) => MUST_NOT_SHIP.test(path) || path.endsWith(".map"));
    check(
      "the tarball holds what runs",
      missing.length === 0,
      missing.length
        ? `missing: ${missing.join(", ")}`
        : `${shipped.length} files, ${mib(packed!.size).toFixed(1)} MiB packed`,
    );
    check(
      "the tarball holds no sources, tests, data or source maps",
      extra.length === 0,
      extra.slice(0, 5).join(", ") || "none",
    );

    const project = join(scratch, "project");
    await run("mkdir", [project]);
    await writeFile(
      join(project, "package.json"),
      `${JSON.stringify({ name: "adopter", private: true, type: "module" }, null, 2)}\n`,
    );
    progress("Install: npm install the tarball into an empty project (from the npm cache where it can)");
    const installStarted = performance.now();
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", join(scratch, packed!.filename)], {
      cwd: project,
      maxBuffer: 64 * 2 ** 20,
    });
    const installMs = performance.now() - installStarted;
    const tree = await measureTree(join(project, "node_modules"));
    // npm runs these when a project installs the package (and warns of them): it needs none. (`prepare`
    // builds dist/ where there is none: in a git install, never from a tarball or the registry.)
    const installed = JSON.parse(
      await readFile(join(project, "node_modules/agent-commerce-sandbox/package.json"), "utf8"),
    ) as {
      scripts?: Record<string, string>;
    };
    const installScripts = Object.keys(installed.scripts ?? {}).filter((name) =>
      ["preinstall", "install", "postinstall"].includes(name),
    );
    check(
      "no install script runs in the adopting project",
      installScripts.length === 0,
      installScripts.join(", ") || "none",
    );
    const unwanted = tree.packages.filter((name) => UNWANTED.test(name));
    figures.push(
      {
        group: GROUP,
        name: "node_modules after the install: file bytes",
        value: mib(tree.bytes),
        unit: "MiB",
        target: "≤ 76 MiB (80 MB)",
      },
      {
        group: GROUP,
        name: "node_modules after the install: packages",
        value: tree.packages.length,
        unit: "packages",
        target: "≤ 180",
      },
      {
        group: GROUP,
        name: "packages of an AI SDK, analytics, telemetry, TypeScript or Vue",
        value: unwanted.length,
        unit: "packages",
        target: "0",
      },
      { group: GROUP, name: "npm install of the tarball (from the cache)", value: installMs, unit: "ms" },
    );
    check(
      "no AI SDK, analytics, telemetry, compiler or browser framework installed",
      unwanted.length === 0,
      unwanted.join(", ") || "none",
    );

    const bin = join(project, "node_modules/agent-commerce-sandbox/bin/sandbox.js");
    progress("Install: npx sandbox --help, start --detach, status, stop");
    const help = await run("npx", ["--no", "--", "sandbox", "--help"], { cwd: project });
    check("npx sandbox --help", help.stdout.includes("Usage: sandbox"), help.stdout.split("\n")[0] ?? "");
    const dataDir = join(scratch, "data");
    const detached = await run("npx", ["--no", "--", "sandbox", ...sandboxArgs(dataDir), "--detach"], { cwd: project });
    const status = await run("npx", ["--no", "--", "sandbox", "status", "--data-dir", dataDir], { cwd: project });
    check(
      "npx sandbox start --detach, then status",
      /storefront/.test(detached.stdout) && /running/i.test(status.stdout),
      status.stdout.split("\n")[0] ?? "",
    );
    const stopped = await run("npx", ["--no", "--", "sandbox", "stop", "--data-dir", dataDir], { cwd: project });
    check("npx sandbox stop", true, stopped.stdout.trim().split("\n")[0] ?? "");

    await writeFile(join(project, "use.mjs"), USER_SCRIPT);
    await writeFile(join(project, "use-http.mjs"), USER_SCRIPT_HTTP);
    await writeFile(join(project, "fetch-only.mjs"), FETCH_ONLY);
    const used = await run(process.execPath, ["use.mjs"], { cwd: project });
    check(
      "a script imports startSandbox, starts, fetches /health and closes",
      used.stdout.trim() === "closed",
      used.stdout.trim(),
    );

    check("its types check in a strict TypeScript project (no skipLibCheck)", ...(await typeCheck(project)));

    progress("Install: timings against node -e 0 and json-server");
    // Each against node -e 0 timed the same way: until it prints its line for the script, until
    // it exits (with the peak-RSS preload, as the CLI figures) for --help.
    const script = await untilLine([join(project, "use.mjs")], project, "closed");
    const scriptFloor = await untilLine(["-e", 'console.log("closed")'], project, "closed");
    const helpMs = (await measure([bin, "--help"])).wallMs;
    const helpFloor = (await measure(["-e", "0"])).wallMs;
    // Until the process exits, as a test runner that runs each file in a process of its own waits for it.
    const untilExit = async (file: string) => (await measure([join(project, file)])).wallMs;
    figures.push(
      compared("import, startSandbox(), GET /health, close(): a user's script", script, scriptFloor, "≤ 4×"),
      compared("the same, until the process exits (fetch)", await untilExit("use.mjs"), helpFloor, "≤ 4×"),
      compared("the same with node:http instead of fetch, until it exits", await untilExit("use-http.mjs"), helpFloor),
      compared(
        "no sandbox: one fetch() from a bare node:http server, until it exits",
        await untilExit("fetch-only.mjs"),
        helpFloor,
      ),
      compared("sandbox --help", helpMs, helpFloor, "≤ 2×"),
    );
    const ours = await startedWithin(
      [bin, "start", "--fresh", "--data-dir", join(scratch, "timed"), ...freePorts()],
      project,
    );
    const theirs = await jsonServerStart(scratch);
    figures.push({
      group: GROUP,
      name: "sandbox start --fresh until all three /health answer",
      value: ours,
      unit: "ms",
      baseline: { name: "json-server --watch db.json until it answers", value: theirs },
      ratio: ours / theirs,
      target: "≤ 1.0×",
    });
    return { figures, checks };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** What a TypeScript user writes, checked by tsc strictly (installed after the size was measured: it is the user's, not ours). */
const TYPED_USE = `import { type StartedSandbox, startSandbox } from "agent-commerce-sandbox";
const sandbox: StartedSandbox<"storefront"> = await startSandbox({ settings: { only: "storefront" } });
const storefront: string = sandbox.urls.storefront;
// @ts-expect-error: the wallet is not started, so its URL may be undefined
const wallet: string = sandbox.urls.wallet;
console.log(storefront, wallet);
const clock = await sandbox.controls.advanceClock("1h");
const now: string = clock.now;
// @ts-expect-error: the clock's now is a string
const wrong: number = clock.now;
console.log(now, wrong);
await sandbox.close();
`;

async function typeCheck(project: string): Promise<[boolean, string]> {
  progress("Install: TypeScript and @types/node into the project, then tsc on a file that uses the package");
  const { devDependencies } = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  await run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      `typescript@${devDependencies.typescript}`,
      `@types/node@${devDependencies["@types/node"]}`,
    ],
    { cwd: project },
  );
  await writeFile(join(project, "use.ts"), TYPED_USE);
  const options = { module: "nodenext", target: "es2023", strict: true, noEmit: true, types: ["node"] };
  await writeFile(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["use.ts"] }));
  const tsc = await run(process.execPath, [join(project, "node_modules/typescript/bin/tsc"), "-p", "."], {
    cwd: project,
  }).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  return [tsc === "", tsc.split("\n").slice(0, 3).join(" ") || "no errors"];
}

function compared(name: string, value: number, floor: number, target?: string): Figure {
  return {
    group: GROUP,
    name,
    value,
    unit: "ms",
    baseline: { name: "node -e 0", value: floor },
    ratio: value / floor,
    target,
  };
}

/** Fixed ports for the timed starts (one sandbox at a time): the timing watches them from outside. */
function freePorts(): string[] {
  return ["--storefront-port", "18184", "--wallet-port", "18183", "--host-port", "18185"];
}

/**
 * From spawn until the process prints the line, the median of RUNS after a warm-up: what the
 * sandbox costs up to close(). Until it exits is timed too: a process that called fetch() exits
 * a few hundred ms after its last request whatever server it talked to, as Node waits for V8 to
 * finish optimizing the WebAssembly HTTP parser fetch() compiled (docs/performance.md).
 */
async function untilLine(args: string[], cwd: string, line: string): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index <= RUNS; index++) {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk;
        if (out.includes(line)) resolve();
      });
      child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code} before printing ${line}`)));
    });
    if (index > 0) times.push(performance.now() - started);
    await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
  }
  return median(times);
}

/** `sandbox start` from spawn until each of its three servers answered GET /health; the median of RUNS after a warm-up. */
async function startedWithin(args: string[], cwd: string): Promise<number> {
  const urls = ["http://127.0.0.1:18184", "http://127.0.0.1:18183", "http://127.0.0.1:18185"];
  return timedStarts(args, cwd, () => Promise.all(urls.map((url) => untilAnswers(`${url}/health`))));
}

/** json-server as its users start it, on a small db.json, from spawn until it answers. */
async function jsonServerStart(scratch: string): Promise<number> {
  const dir = join(scratch, "json-server");
  await run("mkdir", [dir]);
  await writeFile(join(dir, "db.json"), JSON.stringify({ products: [{ id: 1, name: "Rice" }] }));
  const cli = join(ROOT, "test/node_modules/json-server/lib/cli/bin.js");
  return timedStarts([cli, "--watch", "db.json", "--port", "18186"], dir, () =>
    untilAnswers("http://127.0.0.1:18186/products"),
  );
}

async function timedStarts(args: string[], cwd: string, ready: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index <= RUNS; index++) {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: "ignore" });
    await ready();
    if (index > 0) times.push(performance.now() - started);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  return median(times);
}

/** The file bytes under node_modules (as `du --apparent-size` counts them) and the names of the packages there, nested ones too. */
export async function measureTree(dir: string): Promise<{ bytes: number; packages: string[] }> {
  let bytes = 0;
  const packages: string[] = [];
  const walk = async (path: string, inNodeModules: boolean, scope = ""): Promise<void> => {
    for (const entry of await readdir(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isFile()) bytes += (await lstat(child)).size;
      if (!entry.isDirectory()) continue;
      if (inNodeModules && entry.name.startsWith("@")) {
        await walk(child, true, `${entry.name}/`);
        continue;
      }
      if (inNodeModules && !entry.name.startsWith(".")) {
        const manifest = await readFile(join(child, "package.json"), "utf8").catch(() => null);
        if (manifest) packages.push(`${scope}${entry.name}`);
      }
      await walk(child, entry.name === "node_modules");
    }
  };
  await walk(dir, true);
  return { bytes, packages };
}
