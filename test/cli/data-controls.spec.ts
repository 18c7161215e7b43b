import assert from "node:assert/strict";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import type { ExportDocument, TriggeredTransaction } from "../../src/client/controls-client.ts";
import { assertOneLineError, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";
import { ADA } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 90_000 };

test("reset, export, import and trigger act on the sandbox running on the data dir", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const work = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const run = async (args: string[], stdin?: string) => {
    const result = await runInProcess([...args, "--data-dir", dataDir], {
      cwd: work,
      ...(stdin !== undefined && { stdin }),
    });
    assert.equal(result.code, 0, result.stderr);
    return result.stdout;
  };
  const exported = async () =>
    JSON.parse(await run(["export"])) as ExportDocument & {
      services: {
        storefront: { orders: { orderId: string; status: string }[] };
        wallet: { transactions: { id: string; status: string }[] };
      };
    };
  const seed = await exported();

  await t.test("trigger order-delivered", async () => {
    assert.equal(await run(["trigger", "order-delivered", "ORD-7F3K2Q"]), "ORD-7F3K2Q is Delivered (was Processing)\n");
    const json = JSON.parse(await run(["trigger", "order-delivered", "ORD-7F3K2Q", "--json"])) as {
      order: { status: string };
      previousStatus: string;
    };
    assert.deepEqual([json.order.status, json.previousStatus], ["Delivered", "Delivered"]);
    assert.equal(
      (await exported()).services.storefront.orders.find((order) => order.orderId === "ORD-7F3K2Q")!.status,
      "Delivered",
    );
  });

  let pendingId = "";
  await t.test("trigger transaction and transaction-status", async () => {
    const line = await run([
      "trigger",
      "transaction",
      "--user",
      ADA.email,
      "--amount",
      "12.5",
      "--direction",
      "income",
      "--status",
      "Pending",
    ]);
    assert.match(line, /^txn_[a-z0-9]+: income 12\.50 USD, Pending, Deposit, \d{4}-\d\d-\d\dT/);
    pendingId = line.split(":")[0]!;
    const json = JSON.parse(
      await run([
        "trigger",
        "transaction",
        "--user",
        ADA.id,
        "--amount",
        "3",
        "--direction",
        "spending",
        "--type",
        "exchange",
        "--description",
        "USD → EUR exchange",
        "--json",
      ]),
    ) as TriggeredTransaction;
    assert.deepEqual(
      [json.userId, json.transaction.type, json.transaction.status, json.transaction.description],
      [ADA.id, "exchange", "Completed", "USD → EUR exchange"],
    );
    assert.match(
      await run(["trigger", "transaction-status", pendingId, "Completed"]),
      new RegExp(`^${pendingId}: income 12\\.50 USD, Completed, .* \\(was Pending\\)\\n$`),
    );
    const settled = JSON.parse(
      await run(["trigger", "transaction-status", pendingId, "Completed", "--json"]),
    ) as TriggeredTransaction;
    assert.equal(settled.previousStatus, "Completed");
    assert.equal(
      (await exported()).services.wallet.transactions.find((transaction) => transaction.id === pendingId)!.status,
      "Completed",
    );
  });

  await t.test("trigger errors: one line, exit 1", async () => {
    assert.match(
      assertOneLineError(
        await runInProcess(["trigger", "transaction-status", pendingId, "Failed", "--data-dir", dataDir]),
      ),
      /Completed already/,
    );
    assert.match(
      assertOneLineError(await runInProcess(["trigger", "order-delivered", "ORD-NOSUCH", "--data-dir", dataDir])),
      /No order "ORD-NOSUCH"/,
    );
    assert.match(
      assertOneLineError(
        await runInProcess([
          "trigger",
          "transaction",
          "--user",
          "nobody@example.com",
          "--amount",
          "1",
          "--direction",
          "income",
          "--data-dir",
          dataDir,
        ]),
      ),
      /nobody@example\.com/,
    );
    const usage = await runInProcess([
      "trigger",
      "transaction",
      "--user",
      ADA.id,
      "--amount",
      "ten",
      "--direction",
      "income",
      "--data-dir",
      dataDir,
    ]);
    assert.notEqual(usage.code, 0);
    assert.match(usage.stderr, /--amount.*12\.50/);
    const choice = await runInProcess(["trigger", "transaction-status", pendingId, "Pending", "--data-dir", dataDir]);
    assert.notEqual(choice.code, 0);
    assert.match(choice.stderr, /Completed, Failed/);
  });

  const snapshot = join(work, "snapshot.json");
  await t.test("export to a file, readable by its owner only", async () => {
    assert.equal(await run(["export", "snapshot.json"]), `Exported storefront, wallet to ${snapshot}\n`);
    assert.equal((await stat(snapshot)).mode & 0o777, 0o600);
    const json = JSON.parse(await run(["export", "snapshot.json", "--json"])) as { file: string; services: string[] };
    assert.deepEqual(json, { ...json, file: snapshot, services: ["storefront", "wallet"] });
  });

  await t.test("reset, with --only and without", async () => {
    assert.deepEqual(JSON.parse(await run(["reset", "--only", "wallet", "--json"])), { reset: ["wallet"] });
    const walletOnly = await exported();
    assert.equal(walletOnly.services.wallet.transactions.length, seed.services.wallet.transactions.length);
    assert.equal(
      walletOnly.services.storefront.orders.find((order) => order.orderId === "ORD-7F3K2Q")!.status,
      "Delivered",
    );
    assert.equal(await run(["reset"]), "Back to the seed: storefront, wallet, host\n");
    assert.equal(
      (await exported()).services.storefront.orders.find((order) => order.orderId === "ORD-7F3K2Q")!.status,
      "Processing",
    );
    const bad = await runInProcess(["reset", "--only", "ledger", "--data-dir", dataDir]);
    assert.deepEqual([bad.code, bad.errorCode], [2, "flag_invalid"]);
    assert.match(bad.stderr, /--only must be a comma-separated list of storefront, wallet, host/);
  });

  await t.test("import a file, and from stdin", async () => {
    assert.equal(await run(["import", "snapshot.json"]), `Imported storefront, wallet from ${snapshot}\n`);
    assert.ok((await exported()).services.wallet.transactions.some((transaction) => transaction.id === pendingId));
    await run(["reset"]);
    assert.deepEqual(JSON.parse(await run(["import", "-", "--json"], await readFile(snapshot, "utf8"))), {
      imported: ["storefront", "wallet"],
    });
    assert.ok((await exported()).services.wallet.transactions.some((transaction) => transaction.id === pendingId));
  });

  await t.test("a bad document is refused naming the field, and changes nothing", async () => {
    const before = await exported();
    const document = JSON.parse(await readFile(snapshot, "utf8")) as {
      services: { wallet: { transactions: { amountCents: unknown }[] } };
    };
    document.services.wallet.transactions[5]!.amountCents = -1;
    await writeFile(join(work, "bad.json"), JSON.stringify(document));
    const refused = assertOneLineError(
      await runInProcess(["import", "bad.json", "--data-dir", dataDir], { cwd: work }),
    );
    assert.match(
      refused,
      /Import refused, nothing was changed: \/services\/wallet\/transactions\/5\/amountCents must be >= 1/,
    );
    await writeFile(join(work, "torn.json"), '{"format": ');
    const torn = await runInProcess(["import", "torn.json", "--data-dir", dataDir], { cwd: work });
    assert.match(assertOneLineError(torn), /torn\.json is not JSON/);
    assert.equal(torn.errorCode, "document_invalid");
    const missing = await runInProcess(["import", "missing.json", "--data-dir", dataDir], { cwd: work });
    assert.match(assertOneLineError(missing), /Cannot read .*missing\.json: ENOENT/);
    assert.equal(missing.errorCode, "read_failed");
    assert.deepEqual((await exported()).services, before.services);
  });
});

test("the data commands name the data dir when no sandbox runs on it", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  for (const args of [["reset"], ["export"], ["trigger", "order-delivered", "ORD-7F3K2Q"]]) {
    const result = await runInProcess([...args, "--data-dir", dataDir]);
    assert.match(assertOneLineError(result), new RegExp(`No sandbox runs on ${dataDir}`));
    assert.equal(result.errorCode, "sandbox_not_running");
  }
});
