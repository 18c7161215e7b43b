import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { addAndCount, addToCart, login, startArgs, startCli, tempDir } from "../helpers/cli.ts";
import { startInProcess } from "../helpers/in-process.ts";

const RICE = "ofada-rice-5kg";
const TOTAL = 300;
const CONCURRENCY = 20;
const KILL_AFTER_ACKS = 100;

interface Burst {
  sent: number;
  acknowledged: number;
}

/**
 * Adds 1 to the cart TOTAL times, CONCURRENCY requests at a time, and calls kill once
 * KILL_AFTER_ACKS were answered 200: the other requests of that moment are still on their way.
 */
async function burstUntilKilled(url: string, token: string, kill: () => void): Promise<Burst & { killed: boolean }> {
  const burst = { sent: 0, acknowledged: 0, killed: false };
  const worker = async () => {
    while (burst.sent < TOTAL && !burst.killed) {
      burst.sent += 1;
      try {
        const response = await addToCart(url, token, RICE, 1);
        if (response.status === 200) burst.acknowledged += 1;
        await response.body?.cancel();
      } catch {
        // the connection died with the process
      }
      if (burst.acknowledged >= KILL_AFTER_ACKS && !burst.killed) {
        burst.killed = true;
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return burst;
}

test("a SIGKILL in the middle of a burst of writes loses no acknowledged change and leaves a usable data dir", {
  timeout: 30_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  const { cli, url } = await startCli(t, startArgs(dataDir));
  const burst = await burstUntilKilled(url, await login(url), () => cli.kill("SIGKILL"));
  const ended = await cli.exit();
  assert.ok(
    burst.killed,
    `the burst reached ${KILL_AFTER_ACKS} acknowledgements (got ${burst.acknowledged} of ${burst.sent})`,
  );
  assert.equal(ended.signal, "SIGKILL");

  const text = await readFile(join(dataDir, "storefront.json"), "utf8");
  assert.doesNotThrow(() => JSON.parse(text), "the data file is whole JSON after the kill");
  const left = await readdir(dataDir);
  t.diagnostic(`sent ${burst.sent}, acknowledged ${burst.acknowledged}; left in the data dir: ${left.join(", ")}`);
  assert.ok(
    left.some((name) => /lock/i.test(name)),
    `the killed process left its lock behind: ${left.join(", ")}`,
  );
  // Whatever temp file the kill left (there may be none), a half-written one must be cleaned up too.
  await writeFile(join(dataDir, `storefront.json.tmp-${cli.pid}-999999`), '{"version": 1, "carts": {');

  // The kill needs a process; the restart that cleans up after it does not.
  const again = await startInProcess(t, startArgs(dataDir));
  const after = await readdir(dataDir);
  assert.deepEqual(
    after.filter((name) => name.includes(".tmp-")),
    [],
    "no temp file left after the restart",
  );
  const quantity = await addAndCount(again.url, await login(again.url), RICE, 1);
  const before = quantity - 1;
  assert.ok(
    before >= burst.acknowledged,
    `every acknowledged add was kept: ${before} in the cart, ${burst.acknowledged} acknowledged`,
  );
  assert.ok(before <= burst.sent, `no add counted twice: ${before} in the cart, ${burst.sent} sent`);
});
