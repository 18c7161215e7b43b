import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { createClient } from "redis";
import { openSessionBackend } from "../../src/bff/sessions/open.ts";
import { SESSION_RETENTION_MS } from "../../src/bff/sessions/session-store.ts";
import { createClock } from "../../src/clock.ts";
import { openDataDir } from "../../src/store/data-dir.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { lines, startArgs, startCli, stopCli, tempDir } from "../helpers/cli.ts";
import { CLEANUP_MS, closeWhenDone, withDeadline } from "../helpers/deadline.ts";
import { ADA, errorBody, tempDir as sandboxTempDir } from "../helpers/sandbox.ts";

test("--session-store file: sessions survive a restart; --fresh drops them", async (t) => {
  const dataDir = await sandboxTempDir(t);
  const first = await startFullSandbox(t, { sessionStore: "file" }, dataDir);
  await sessionRequest(first.urls.storefront!, "POST", {
    userId: ADA.id,
    token: await loginAt(first.urls.storefront!),
  });
  await sessionRequest(first.urls.host!, "POST", { userId: ADA.id, token: await loginAt(first.urls.wallet!) });
  await first.close();

  const second = await startFullSandbox(t, { sessionStore: "file" }, dataDir);
  assert.equal((await asAgent(second.urls.storefront!, "/api/agent/orders", ADA.id)).status, 200);
  assert.equal((await asAgent(second.urls.host!, "/api/agent/wallet?period=7d", ADA.id)).status, 200);
  await sessionRequest(second.urls.host!, "DELETE", { userId: ADA.id });
  await second.close();

  const third = await startFullSandbox(t, { sessionStore: "file" }, dataDir);
  assert.equal(
    (await asAgent(third.urls.storefront!, "/api/agent/orders", ADA.id)).status,
    200,
    "the storefront session is still there",
  );
  assert.equal(
    (await errorBody(await asAgent(third.urls.host!, "/api/agent/wallet", ADA.id))).code,
    "no_active_session",
    "the cleared one stays cleared",
  );
  await third.close();

  const fresh = await startFullSandbox(t, { sessionStore: "file", fresh: true }, dataDir);
  assert.equal(
    (await errorBody(await asAgent(fresh.urls.storefront!, "/api/agent/orders", ADA.id))).code,
    "no_active_session",
  );
});

test("--session-store memory: sessions end with the process", async (t) => {
  const dataDir = await sandboxTempDir(t);
  const first = await startFullSandbox(t, {}, dataDir);
  await sessionRequest(first.urls.storefront!, "POST", {
    userId: ADA.id,
    token: await loginAt(first.urls.storefront!),
  });
  await first.close();
  const second = await startFullSandbox(t, {}, dataDir);
  assert.equal(
    (await errorBody(await asAgent(second.urls.storefront!, "/api/agent/orders", ADA.id))).code,
    "no_active_session",
  );
});

test("--session-store redis://: two sandbox processes on one Redis see each other's sessions", {
  timeout: 60_000,
}, async (t) => {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    t.skip(
      "REDIS_URL is not set: run redis-server and set REDIS_URL=redis://127.0.0.1:6379 to run the Redis session test (.ci/run does)",
    );
    return;
  }
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  closeWhenDone(t, "the Redis client's close()", () => redis.close());
  await redis.del([`sandbox:session:storefront:${ADA.id}`, `sandbox:session:host:${ADA.id}`]);

  const start = async () => {
    const { cli, url } = await startCli(t, [...startArgs(await tempDir(t)), "--session-store", redisUrl]);
    const host = /^ {2}host app +(http:\S+)$/.exec(
      lines(cli.stdout()).find((line) => line.startsWith("  host app")) ?? "",
    )?.[1];
    const wallet = /^ {2}wallet +(http:\S+)$/.exec(
      lines(cli.stdout()).find((line) => line.startsWith("  wallet")) ?? "",
    )?.[1];
    return { cli, storefront: url, host: host!, wallet: wallet! };
  };
  const [a, b] = [await start(), await start()];

  const token = await loginAt(a.storefront);
  assert.equal((await sessionRequest(a.storefront, "POST", { userId: ADA.id, token })).status, 200);
  assert.equal(
    (await asAgent(b.storefront, "/api/agent/orders", ADA.id)).status,
    200,
    "B acts with the session A registered",
  );

  const ttl = await redis.pTTL(`sandbox:session:storefront:${ADA.id}`);
  const exp = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).exp as number;
  assert.ok(
    Math.abs(ttl - (exp * 1000 + SESSION_RETENTION_MS - Date.now())) < 5000,
    `the key lives as long as the token and the retention after it (${ttl} ms)`,
  );

  assert.equal((await sessionRequest(b.host, "POST", { userId: ADA.id, token: await loginAt(b.wallet) })).status, 200);
  assert.equal(
    (await asAgent(a.host, "/api/agent/wallet?period=7d", ADA.id)).status,
    200,
    "A's host app uses the wallet session B registered",
  );

  assert.equal((await sessionRequest(b.storefront, "DELETE", { userId: ADA.id })).status, 200);
  assert.equal(
    (await errorBody(await asAgent(a.storefront, "/api/agent/orders", ADA.id))).code,
    "no_active_session",
    "B's logout ends it for A too",
  );

  assert.equal((await stopCli(a.cli)).code, 0);
  assert.equal((await stopCli(b.cli)).code, 0);
});

test("an unreachable Redis stops the start with a clear message", async (t) => {
  await assert.rejects(
    startFullSandbox(t, { sessionStore: "redis://127.0.0.1:9" }),
    /Cannot use Redis at redis:\/\/127\.0\.0\.1:9.*--session-store/,
  );
});

/** A redis-server of the test's own on a free port, so it can be stopped and started again. */
async function ownRedis(t: { after(fn: () => unknown): void }, args: string[] = []) {
  const { spawn, execFileSync } = await import("node:child_process");
  const { createServer } = await import("node:net");
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  let child: ReturnType<typeof spawn> | undefined;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...args],
      { stdio: "ignore" },
    );
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        execFileSync(
          "redis-cli",
          [
            "-p",
            String(port),
            ...(args.includes("--requirepass")
              ? ["-a", args[args.indexOf("--requirepass") + 1]!, "--no-auth-warning"]
              : []),
            "ping",
          ],
          { stdio: "pipe" },
        );
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    await withDeadline(exited, CLEANUP_MS, "redis-server's exit");
  };
  t.after(stop);
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

test("Redis going away: 503 at once while it is gone, working again once it is back, a clean stop", {
  timeout: 60_000,
}, async (t) => {
  const { existsSync } = await import("node:fs");
  if (!["/usr/bin/redis-server", "/usr/local/bin/redis-server"].some((path) => existsSync(path))) {
    t.skip("redis-server is not installed (apt-get install redis-server): this test starts and stops one of its own");
    return;
  }
  const redis = await ownRedis(t);
  const sandbox = await startFullSandbox(t, { sessionStore: redis.url });
  const url = sandbox.urls.storefront!;
  assert.equal((await sessionRequest(url, "POST", { userId: ADA.id, token: await loginAt(url) })).status, 200);
  await redis.stop();
  const started = Date.now();
  const down = await asAgent(url, "/api/agent/orders", ADA.id);
  assert.equal(down.status, 503);
  assert.equal((await errorBody(down)).code, "storage_unavailable");
  assert.ok(Date.now() - started < 2000, "nothing waits for Redis");
  await redis.start();
  let registered = 0;
  for (let attempt = 0; attempt < 40 && registered !== 200; attempt++) {
    registered = (await sessionRequest(url, "POST", { userId: ADA.id, token: await loginAt(url) })).status;
    if (registered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.equal(registered, 200, "the session store works again once Redis is back");
  assert.equal((await asAgent(url, "/api/agent/orders", ADA.id)).status, 200);
  await redis.stop();
  await sandbox.close();
});

test("a Redis that wants a password it was not given stops the start", { timeout: 30_000 }, async (t) => {
  const { existsSync } = await import("node:fs");
  if (!["/usr/bin/redis-server", "/usr/local/bin/redis-server"].some((path) => existsSync(path))) {
    t.skip("redis-server is not installed (apt-get install redis-server): this test starts one of its own");
    return;
  }
  const redis = await ownRedis(t, ["--requirepass", "s3cret-pass"]);
  await assert.rejects(
    startFullSandbox(t, { sessionStore: redis.url }),
    /Cannot use Redis at .*NOAUTH|Cannot use Redis at .*auth/i,
  );
  const withPassword = await startFullSandbox(t, {
    sessionStore: redis.url.replace("redis://", "redis://:s3cret-pass@"),
  });
  assert.equal(
    (
      await sessionRequest(withPassword.urls.storefront!, "POST", {
        userId: ADA.id,
        token: await loginAt(withPassword.urls.storefront!),
      })
    ).status,
    200,
  );
});

test("clear (a sandbox reset) removes every session of one service and no other's, in every store", async (t) => {
  const specs = ["memory", "file", ...(process.env.REDIS_URL ? [process.env.REDIS_URL] : [])];
  for (const spec of specs) {
    await t.test(spec.startsWith("redis") ? "redis" : spec, async () => {
      const dataDir = await openDataDir(await sandboxTempDir(t), { fresh: false, dataFiles: [] });
      const backend = await openSessionBackend(spec, { dataDir, clock: createClock() });
      closeWhenDone(t, "the session backend's close()", async () => {
        await backend.close();
        await dataDir.release();
      });
      // Names of their own: a Redis may be shared with other sandboxes.
      const cleared = backend.namespace(`reset-${randomUUID()}`);
      const kept = backend.namespace(`reset-${randomUUID()}`);
      const session = { token: "t", expiresAt: Date.now() + 60_000 };
      await Promise.all([cleared.set(ADA.id, session), cleared.set("other-user", session), kept.set(ADA.id, session)]);
      await cleared.clear();
      assert.equal(await cleared.get(ADA.id), null);
      assert.equal(await cleared.get("other-user"), null);
      assert.deepEqual(await kept.get(ADA.id), session);
      await kept.clear();
    });
  }
});
