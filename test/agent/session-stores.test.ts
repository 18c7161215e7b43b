import assert from "node:assert/strict";
import { test } from "node:test";
import { createClient } from "redis";
import { ADA, errorBody, tempDir as sandboxTempDir } from "../helpers/sandbox.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { lines, startArgs, startCli, stopCli, tempDir } from "../helpers/cli.ts";

test("--session-store file: sessions survive a restart; --fresh drops them", async (t) => {
  const dataDir = await sandboxTempDir(t);
  const first = await startFullSandbox(t, { sessionStore: "file" }, dataDir);
  await sessionRequest(first.urls.storefront!, "POST", { userId: ADA.id, token: await loginAt(first.urls.storefront!) });
  await sessionRequest(first.urls.host!, "POST", { userId: ADA.id, token: await loginAt(first.urls.wallet!) });
  await first.close();

  const second = await startFullSandbox(t, { sessionStore: "file" }, dataDir);
  assert.equal((await asAgent(second.urls.storefront!, "/api/agent/orders", ADA.id)).status, 200);
  assert.equal((await asAgent(second.urls.host!, "/api/agent/wallet?period=7d", ADA.id)).status, 200);
  await sessionRequest(second.urls.host!, "DELETE", { userId: ADA.id });
  await second.close();

  const third = await startFullSandbox(t, { sessionStore: "file" }, dataDir);
  assert.equal((await asAgent(third.urls.storefront!, "/api/agent/orders", ADA.id)).status, 200, "the storefront session is still there");
  assert.equal((await errorBody(await asAgent(third.urls.host!, "/api/agent/wallet", ADA.id))).code, "no_active_session", "the cleared one stays cleared");
  await third.close();

  const fresh = await startFullSandbox(t, { sessionStore: "file", fresh: true }, dataDir);
  assert.equal((await errorBody(await asAgent(fresh.urls.storefront!, "/api/agent/orders", ADA.id))).code, "no_active_session");
});

test("--session-store memory: sessions end with the process", async (t) => {
  const dataDir = await sandboxTempDir(t);
  const first = await startFullSandbox(t, {}, dataDir);
  await sessionRequest(first.urls.storefront!, "POST", { userId: ADA.id, token: await loginAt(first.urls.storefront!) });
  await first.close();
  const second = await startFullSandbox(t, {}, dataDir);
  assert.equal((await errorBody(await asAgent(second.urls.storefront!, "/api/agent/orders", ADA.id))).code, "no_active_session");
});

test("--session-store redis://: two sandbox processes on one Redis see each other's sessions", { timeout: 60_000 }, async (t) => {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    t.skip("REDIS_URL is not set: run redis-server and set REDIS_URL=redis://127.0.0.1:6379 to run the Redis session test (.ci/run does)");
    return;
  }
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  t.after(() => redis.close());
  await redis.del([`sandbox:session:storefront:${ADA.id}`, `sandbox:session:host:${ADA.id}`]);

  const start = async () => {
    const { cli, url } = await startCli(t, [...startArgs(await tempDir(t)), "--session-store", redisUrl]);
    const host = /^ {2}host app +(http:\S+)$/.exec(lines(cli.stdout()).find((line) => line.startsWith("  host app")) ?? "")?.[1];
    const wallet = /^ {2}wallet +(http:\S+)$/.exec(lines(cli.stdout()).find((line) => line.startsWith("  wallet")) ?? "")?.[1];
    return { cli, storefront: url, host: host!, wallet: wallet! };
  };
  const [a, b] = [await start(), await start()];

  const token = await loginAt(a.storefront);
  assert.equal((await sessionRequest(a.storefront, "POST", { userId: ADA.id, token })).status, 200);
  assert.equal((await asAgent(b.storefront, "/api/agent/orders", ADA.id)).status, 200, "B acts with the session A registered");

  const ttl = await redis.pTTL(`sandbox:session:storefront:${ADA.id}`);
  const exp = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).exp as number;
  assert.ok(Math.abs(ttl - (exp * 1000 - Date.now())) < 5000, `the key lives as long as the token (${ttl} ms)`);

  assert.equal((await sessionRequest(b.host, "POST", { userId: ADA.id, token: await loginAt(b.wallet) })).status, 200);
  assert.equal((await asAgent(a.host, "/api/agent/wallet?period=7d", ADA.id)).status, 200, "A's host app uses the wallet session B registered");

  assert.equal((await sessionRequest(b.storefront, "DELETE", { userId: ADA.id })).status, 200);
  assert.equal((await errorBody(await asAgent(a.storefront, "/api/agent/orders", ADA.id))).code, "no_active_session", "B's logout ends it for A too");

  assert.equal((await stopCli(a.cli)).code, 0);
  assert.equal((await stopCli(b.cli)).code, 0);
});

test("an unreachable Redis stops the start with a clear message", async (t) => {
  await assert.rejects(startFullSandbox(t, { sessionStore: "redis://127.0.0.1:9" }), /Cannot connect to Redis at redis:\/\/127\.0\.0\.1:9.*--session-store/);
});
