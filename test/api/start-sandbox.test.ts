import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { access } from "node:fs/promises";
import { test } from "node:test";
import { promisify } from "node:util";
import { type SandboxError, startSandbox } from "agent-sandbox";
import { PROJECT_ROOT } from "../helpers/cli.ts";

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
    "const { startSandbox } = await import('agent-sandbox'); const s = await startSandbox({ settings: { only: 'storefront' } }); const r = await fetch(s.urls.storefront + '/health'); console.log(r.status); await s.close();";
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    cwd: PROJECT_ROOT,
    timeout: 30_000,
  });
  assert.equal(stdout.trim(), "200");
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
