import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { reportError } from "../../src/cli/errors.ts";
import { createCli } from "../../src/cli/io.ts";
import { createClock } from "../../src/clock.ts";
import { checkStorefrontShape } from "../../src/storefront/shape.ts";
import { openStorefrontStore, seedOrder } from "../../src/storefront/store.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { checkWalletShape } from "../../src/wallet/shape.ts";
import { openWalletStore, seedTransaction } from "../../src/wallet/store.ts";
import { Output } from "../helpers/output.ts";
import { ADA, tempDir } from "../helpers/sandbox.ts";

/** What the CLI prints and exits with when the error stops a start. */
function reported(error: unknown): { stderr: string; exitCode: number } {
  const stderr = new Output();
  const cli = createCli({ stdout: new Output(), stderr, env: {}, cwd: "." });
  reportError(error, cli);
  return { stderr: stderr.text, exitCode: cli.exitCode };
}

function thrownBy(seed: () => unknown): unknown {
  try {
    seed();
  } catch (error) {
    return error;
  }
  assert.fail("the seed went through");
}

test("a seed order naming a product the catalog fixture lacks stops the start in one line, naming both files", () => {
  const order = {
    id: "993f23dd-924c-4ff5-aef3-3c5467787879",
    orderId: "ORD-7F3K2Q",
    userId: ADA.id,
    status: "Processing",
    placedHoursAgo: 5,
    items: [{ productId: "caviar-tin", quantity: 1 }],
  };
  const error = thrownBy(() => seedOrder(order, [], createClock()));
  assert.deepEqual(reported(error), {
    stderr:
      "Error: fixtures/storefront/orders.json: order ORD-7F3K2Q names unknown product caviar-tin: add it to fixtures/storefront/products.json, or correct the order\n",
    exitCode: 1,
  });
  assert.equal((error as { code?: string }).code, "fixture_invalid");
});

test("a seed transaction of a user without a wallet fixture stops the start in one line, naming both files", () => {
  const transaction = {
    id: "txn_ada_0001",
    userId: ADA.id,
    type: "transfer" as const,
    amountCents: 4500,
    status: "Completed" as const,
    description: "Transfer to Tunde Bakare",
    daysAgo: 0.72,
  };
  const error = thrownBy(() => seedTransaction(transaction, [], Date.now()));
  assert.deepEqual(reported(error), {
    stderr: `Error: fixtures/wallet/transactions.json: transaction txn_ada_0001 is of user ${ADA.id}, who has no wallet: add one to fixtures/wallet/wallets.json, or correct the transaction\n`,
    exitCode: 1,
  });
  assert.equal((error as { code?: string }).code, "fixture_invalid");
});

test("the seed a new data dir gets has the shape a data file is checked against when read back", async (t) => {
  const dir = await tempDir(t);
  const clock = createClock();
  const users = await loadDemoUsers();
  const opened = [
    {
      store: await openStorefrontStore({ file: join(dir, "storefront.json"), users, clock }),
      check: checkStorefrontShape,
    },
    { store: await openWalletStore({ file: join(dir, "wallet.json"), users, clock }), check: checkWalletShape },
  ];
  for (const { store, check } of opened) {
    await store.flush();
    assert.deepEqual(check(store.data), { data: store.data });
  }
});
