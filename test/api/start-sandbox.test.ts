import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { access, readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { test } from "node:test";
import { setImmediate as nextTurn } from "node:timers/promises";
import { promisify } from "node:util";
import { type SandboxError, startSandbox } from "agent-commerce-sandbox";
import { PROJECT_ROOT, spawnCli, tempDir } from "../helpers/cli.ts";
import { until } from "../helpers/poll.ts";

async function login(url: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  return ((await response.json()) as { token: string }).token;
}

async function cartSize(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/cart/items`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ product_id: "ofada-rice-5kg" }),
  });
  return ((await response.json()) as { items: { quantity: number }[] }).items[0]!.quantity;
}

test("two sandboxes side by side in one process: own ports, own data, own controls", async (t) => {
  const [a, b] = await Promise.all([startSandbox(), startSandbox({ settings: { only: "storefront,wallet" } })]);
  t.after(() => Promise.all([a.close(), b.close()]));
  assert.notEqual(a.urls.storefront, b.urls.storefront);
  assert.ok(a.urls.host);
  assert.equal(b.urls.host, undefined, "settings apply to their own sandbox only");
  assert.notEqual(a.dataDir, b.dataDir);

  const [ada] = a.users;
  const [tokenA, tokenB] = await Promise.all([login(a.urls.storefront!, ada!), login(b.urls.storefront!, ada!)]);
  assert.equal(await cartSize(a.urls.storefront!, tokenA), 1);
  assert.equal(await cartSize(a.urls.storefront!, tokenA), 2);
  assert.equal(await cartSize(b.urls.storefront!, tokenB), 1, "B's data is not A's");
  assert.deepEqual((await b.controls.health()).urls, b.urls);
  assert.equal(a.secrets.bffServiceToken.length >= 32, true);
});

test("close() stops the servers and removes the temporary data dir", async () => {
  const sandbox = await startSandbox({ settings: { only: "storefront" } });
  await sandbox.close();
  await assert.rejects(fetch(`${sandbox.urls.storefront}/health`));
  await assert.rejects(access(sandbox.dataDir));
});

test("plain Node, without tsx, imports the package and starts a sandbox", async () => {
  const script =
    "const { startSandbox } = await import('agent-commerce-sandbox'); const s = await startSandbox({ settings: { only: 'storefront' } }); const r = await fetch(s.urls.storefront + '/health'); console.log(r.status); await s.close();";
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    cwd: PROJECT_ROOT,
    timeout: 30_000,
  });
  assert.equal(stdout.trim(), "200");
});

test("startSandbox resolves with its servers warm: a first sign-in loads nothing more, and the warm-up is in no journal", async () => {
  // Plain Node on the build, as a team's test file runs: what a first sign-in would load (jose, the
  // validator's parts) is in the process's module cache before the caller's first request.
  const script = `import { createRequire } from "node:module";
import { startSandbox } from "agent-commerce-sandbox";
const cache = createRequire(import.meta.url).cache;
const sandbox = await startSandbox();
const { total } = await sandbox.controls.journal();
const before = new Set(Object.keys(cache));
const [ada] = sandbox.users;
for (const url of [sandbox.urls.storefront, sandbox.urls.wallet]) {
  const answer = await fetch(url + "/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ada.email, password: ada.password }),
  });
  if (answer.status !== 200) throw new Error("sign-in answered " + answer.status);
}
const loaded = Object.keys(cache).filter((key) => !before.has(key));
console.log(JSON.stringify({ total, loaded }));
await sandbox.close();`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    cwd: PROJECT_ROOT,
    timeout: 30_000,
  });
  assert.deepEqual(JSON.parse(stdout), { total: 0, loaded: [] });
});

test("a misspelt setting, or a setting outside settings, is refused in one line naming it, before anything starts", async () => {
  await assert.rejects(startSandbox({ settings: { storefrontPrt: 1 } as never }), (error: SandboxError) => {
    assert.equal(error.code, "config_invalid");
    assert.match(
      error.message,
      /^Unknown setting "storefrontPrt" in startSandbox's settings\. Known settings: .*storefrontPort/,
    );
    return true;
  });
  await assert.rejects(startSandbox({ sessionStore: "memory" } as never), (error: SandboxError) => {
    assert.equal(error.code, "config_invalid");
    assert.equal(
      error.message,
      'startSandbox takes settings, dataDir, logError; got "sessionStore": a setting goes in settings, as in startSandbox({ settings: { sessionStore: … } }).',
    );
    return true;
  });
});

test("many sandboxes share one listener of each exit signal, which goes once the last one closes", async (t) => {
  const counts = () => ["SIGINT", "SIGTERM", "SIGHUP", "exit"].map((event) => process.listenerCount(event));
  const before = counts();
  const sandboxes = await Promise.all([1, 2, 3].map(() => startSandbox({ settings: { only: "storefront" } })));
  t.after(() => Promise.all(sandboxes.map((sandbox) => sandbox.close())));
  assert.deepEqual(
    counts(),
    before.map((count) => count + 1),
  );
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  assert.deepEqual(counts(), before);
});

test("once close() resolves, nothing the sandbox started is still active in the process", async (t) => {
  // The caller's own fetch is warmed up first: its first use starts what stays for the process's life.
  const sandbox = await startSandbox();
  await (await fetch(`${sandbox.urls.storefront}/health`)).text();
  await sandbox.close();
  await nextTurn(); // what the test itself has left (its own file reads) ends
  const before = process.getActiveResourcesInfo().sort();
  const second = await startSandbox();
  t.after(() => second.close());
  const health = await fetch(`${second.urls.storefront}/health`);
  assert.equal(health.status, 200);
  await health.text();
  await second.close();
  assert.deepEqual(process.getActiveResourcesInfo().sort(), before);
});

/** A user's process: starts a sandbox, prints its data dir, and stays up (as a test runner's does) until it is ended. */
const USER_PROCESS = `
import { startSandbox } from "agent-commerce-sandbox";
// A test runner that listens to the signals itself, as some do.
if (process.argv.includes("--runner"))
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => console.log("the runner got " + signal));
const sandbox = await startSandbox({ settings: { only: "storefront" } });
console.log(sandbox.dataDir);
setInterval(() => {}, 60_000);
`;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  test(`${signal}: the sandbox's temporary data dir goes, and the process ends by the signal as it would without a sandbox`, async (t) => {
    const tmp = await tempDir(t);
    const user = spawnCli(t, [], { script: USER_PROCESS, env: { TMPDIR: tmp } });
    const [, dataDir] = await user.waitForLine(/^(\/.+)$/);
    assert.ok(dataDir?.startsWith(join(tmp, "agent-sandbox-")), dataDir);
    user.kill(signal);
    const result = await user.exit();
    assert.equal(result.signal, signal, `${result.code} ${result.stderr}`);
    assert.deepEqual(await readdir(tmp), []);
  });
}

test("with a test runner's own listener, a signal removes the dir and leaves the process to the runner", async (t) => {
  const tmp = await tempDir(t);
  const user = spawnCli(t, ["--runner"], { script: USER_PROCESS, env: { TMPDIR: tmp } });
  await user.waitForLine(/^\/.+$/);
  user.kill("SIGINT");
  await user.waitForLine(/^the runner got SIGINT$/);
  await until(async () => (await readdir(tmp)).length === 0, "the sandbox's dir to be removed");
  assert.equal(user.exited, false, "the process is still the runner's to end");
});

test("a process killed with SIGKILL leaves its dir; the next start sweeps it, and only dirs whose process is gone", async (t) => {
  const tmp = await tempDir(t);
  const killed = spawnCli(t, [], { script: USER_PROCESS, env: { TMPDIR: tmp } });
  const [, left] = await killed.waitForLine(/^(\/.+)$/);
  const alive = spawnCli(t, [], { script: USER_PROCESS, env: { TMPDIR: tmp } });
  const [, kept] = await alive.waitForLine(/^(\/.+)$/);
  killed.kill("SIGKILL");
  await killed.exit();
  assert.deepEqual((await readdir(tmp)).sort(), [basename(left!), basename(kept!)].sort());
  const next = spawnCli(t, [], {
    script: `import { startSandbox } from "agent-commerce-sandbox"; await (await startSandbox()).close(); console.log("closed");`,
    env: { TMPDIR: tmp },
  });
  assert.equal((await next.exit()).code, 0);
  assert.deepEqual(await readdir(tmp), [basename(kept!)], "the live process's dir stays");
});
