import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { SandboxError } from "../../src/errors.ts";
import { startServers } from "../../src/runtime/sandbox.ts";
import { type FileIO, nodeFileIO } from "../../src/store/file-io.ts";
import { errorBody, startTestSandbox, tempDir, testConfig } from "../helpers/sandbox.ts";

interface Cart {
  items: { id: string; quantity: number }[];
}

test("the data survives a restart", async (t) => {
  const dataDir = await tempDir(t);
  const first = await startTestSandbox(t, { dataDir });
  const token = await first.login();
  await first.addToCart(token, { product_id: "ofada-rice-5kg", quantity: 4 });
  await first.sandbox.close();

  const second = await startTestSandbox(t, { dataDir });
  const cart = (await (await second.addToCart(await second.login(), { product_id: "ofada-rice-5kg" })).json()) as Cart;
  assert.equal(cart.items[0]!.quantity, 5);
  const orders = JSON.parse(await readFile(join(dataDir, "storefront.json"), "utf8")).orders;
  assert.equal(orders.length, 4, "the seed was loaded once, not again on the restart");
});

test("--fresh drops the data and loads the seed again", async (t) => {
  const dataDir = await tempDir(t);
  const first = await startTestSandbox(t, { dataDir });
  await first.addToCart(await first.login(), { product_id: "ofada-rice-5kg", quantity: 4 });
  await first.sandbox.close();
  const second = await startTestSandbox(t, { dataDir, flags: { fresh: true } });
  const cart = (await (await second.addToCart(await second.login(), { product_id: "ofada-rice-5kg" })).json()) as Cart;
  assert.equal(cart.items[0]!.quantity, 1);
});

test("a disk that refuses writes: writes answer 503, reads keep working", async (t) => {
  const state = { refuse: false };
  const io: FileIO = {
    readText: nodeFileIO.readText,
    writeAtomic: (path, text) =>
      state.refuse
        ? Promise.reject(Object.assign(new Error("EROFS: read-only file system"), { code: "EROFS" }))
        : nodeFileIO.writeAtomic(path, text),
  };
  const sandbox = await startTestSandbox(t, { start: { io } });
  const token = await sandbox.login();
  state.refuse = true;
  const write = await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" });
  assert.equal(write.status, 503);
  const body = await errorBody(write);
  assert.equal(body.code, "storage_unavailable");
  assert.doesNotMatch(body.error, /\/tmp\//, "the answer does not expose file paths");
  assert.equal((await sandbox.as(token, "/api/products")).status, 200);
  assert.equal((await sandbox.as(token, "/api/orders")).status, 200);
  assert.equal((await sandbox.fetch("/health")).status, 200);
  state.refuse = false;
  const cart = (await (await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" })).json()) as Cart;
  assert.equal(cart.items[0]!.quantity, 1, "the refused change was not applied");
});

test("a corrupt data file stops the start, is named, and is not overwritten", async (t) => {
  const dataDir = await tempDir(t);
  const file = join(dataDir, "storefront.json");
  const corrupt = '{"version": 1, "products": [';
  await writeFile(file, corrupt);
  await assert.rejects(
    startServers(await testConfig(dataDir)),
    (error: unknown) =>
      error instanceof SandboxError && error.code === "data_file_invalid" && error.message.includes(file),
  );
  assert.equal(await readFile(file, "utf8"), corrupt);
  assert.ok(!(await readdir(dataDir)).includes(".sandbox.lock"), "a failed start releases the data dir");
});

test("a data file of the right JSON but the wrong shape stops the start, naming what is wrong", async (t) => {
  const dataDir = await tempDir(t);
  const first = await startTestSandbox(t, { dataDir, flags: { only: "storefront,wallet" } });
  await first.sandbox.close();
  const file = join(dataDir, "storefront.json");
  const data = JSON.parse(await readFile(file, "utf8"));
  delete data.products;
  data.carts = "oops";
  await writeFile(file, JSON.stringify(data));
  await assert.rejects(startServers(await testConfig(dataDir)), (error: unknown) => {
    assert.ok(error instanceof SandboxError && error.code === "data_file_invalid");
    assert.ok(error.message.includes(file));
    assert.match(error.message, /: .*products|: .*carts/);
    return true;
  });
  const wallet = join(dataDir, "wallet.json");
  const walletData = JSON.parse(await readFile(wallet, "utf8"));
  walletData.transactions[0].amountCents = "12.50";
  await writeFile(wallet, JSON.stringify(walletData));
  await assert.rejects(
    startServers(await testConfig(dataDir, { only: "wallet" })),
    /\/transactions\/0\/amountCents must be integer/,
  );
});

test("a second sandbox on the same data dir is refused, naming the holder", async (t) => {
  const dataDir = await tempDir(t);
  await startTestSandbox(t, { dataDir });
  await assert.rejects(startServers(await testConfig(dataDir)), (error: unknown) => {
    assert.ok(error instanceof SandboxError && error.code === "data_dir_locked");
    assert.match(error.message, new RegExp(`pid ${process.pid}`));
    assert.match(error.message, /--data-dir/);
    return true;
  });
});

test("a lock naming this process's own pid, left by an earlier run (a container's pid 1), is stale", async (t) => {
  const dataDir = await tempDir(t);
  await writeFile(join(dataDir, ".sandbox.lock"), JSON.stringify({ pid: process.pid }));
  const sandbox = await startTestSandbox(t, { dataDir });
  assert.equal((await sandbox.fetch("/health")).status, 200);
});

test("a stale lock and leftover temp files of a killed sandbox are cleaned up at start", async (t) => {
  const dataDir = await tempDir(t);
  await writeFile(join(dataDir, ".sandbox.lock"), JSON.stringify({ pid: 2 ** 22 + 12345 }));
  await writeFile(join(dataDir, "storefront.json.tmp-999-1"), '{"half":');
  const sandbox = await startTestSandbox(t, { dataDir });
  assert.equal((await sandbox.fetch("/health")).status, 200);
  assert.deepEqual((await readdir(dataDir)).sort(), [".sandbox.lock", "storefront.json"]);
  assert.equal(JSON.parse(await readFile(join(dataDir, ".sandbox.lock"), "utf8")).pid, process.pid);
  await sandbox.sandbox.close();
  assert.deepEqual(await readdir(dataDir), ["storefront.json"], "close releases the lock");
});
