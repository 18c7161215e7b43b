import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient, type ExportDocument } from "../../src/client/controls-client.ts";
import { SandboxError } from "../../src/errors.ts";
import type { ServiceName } from "../../src/service-names.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { ADA, startTestSandbox, tempDir } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

// biome-ignore lint/suspicious/noExplicitAny: the cases break a service's data on purpose (a wrong type, a missing collection), which its own types would refuse
type Data = Record<string, any>;
const clone = (document: ExportDocument) =>
  structuredClone(document) as Omit<ExportDocument, "services"> & { services: Record<string, Data> };
const importRaw = (url: string, body: unknown) =>
  fetch(`${url}/__sandbox/import`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

test("export, then import into another sandbox, gives the same data, on the routes and after a restart", async (t) => {
  const a = await startFullSandbox(t);
  const from = new ControlsClient(a.urls.storefront!);
  const token = await loginAt(a.urls.storefront!);
  await fetch(`${a.urls.storefront}/api/cart/items`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 2 }),
  });
  await from.triggerOrderDelivered("ORD-7F3K2Q");
  const { transaction } = await from.triggerTransaction({
    user: ADA.email,
    amount: 42.5,
    direction: "income",
    status: "Pending",
  });

  const document = await from.exportData();
  assert.equal(document.format, "agent-sandbox-export");
  assert.equal(document.version, 1);
  assert.ok(Math.abs(Date.parse(document.exportedAt) - a.clock.now().getTime()) < 5000);
  assert.deepEqual(Object.keys(document.services), ["storefront", "wallet"], "the host app keeps no data");
  const fromWallet = (await (await fetch(`${a.urls.wallet}/__sandbox/export`)).json()) as ExportDocument;
  assert.deepEqual(fromWallet.services, document.services, "every server answers it");

  const dataDir = await tempDir(t);
  const b = await startFullSandbox(t, {}, dataDir);
  const to = new ControlsClient(b.urls.host!);
  const bToken = await loginAt(b.urls.storefront!);
  const stream = await openRawStream(`${b.urls.storefront}/api/cart/stream?access_token=${encodeURIComponent(bToken)}`);
  t.after(() => stream.close());
  await stream.until((messages) => messages.some((message) => message.event === "cart"));

  assert.deepEqual(await to.importData(document), { imported: ["storefront", "wallet"] });
  assert.deepEqual((await to.exportData()).services, document.services);

  const cartEvents = await stream.until(
    (messages) => messages.filter((message) => message.event === "cart").length === 2,
  );
  assert.equal(
    JSON.parse(cartEvents.filter((message) => message.event === "cart")[1]!.data!).items[0].quantity,
    2,
    "an open cart stream gets the imported cart",
  );
  const orders = (await (
    await fetch(`${b.urls.storefront}/api/orders?order_id=ORD-7F3K2Q`, {
      headers: { authorization: `Bearer ${bToken}` },
    })
  ).json()) as { orders: { status: string }[] };
  assert.equal(orders.orders[0]!.status, "Delivered");
  const walletToken = await loginAt(b.urls.wallet!);
  assert.equal(
    (
      await fetch(`${b.urls.wallet}/api/wallet/transactions/${transaction.id}`, {
        headers: { authorization: `Bearer ${walletToken}` },
      })
    ).status,
    200,
  );

  await b.close();
  const again = await startFullSandbox(t, {}, dataDir);
  assert.deepEqual(
    (await new ControlsClient(again.urls.wallet!).exportData()).services,
    document.services,
    "the import is on disk",
  );
});

test("a bad document is refused with a 400 naming the service and the field, and changes nothing", async (t) => {
  const sandbox = await startFullSandbox(t);
  const url = sandbox.urls.wallet!;
  const controls = new ControlsClient(url);
  const good = await controls.exportData();
  // A valid storefront change next to a broken wallet: the storefront must not take it either.
  const withGoodStorefront = (change: (wallet: Data) => void) => {
    const document = clone(good);
    document.services.storefront!.orders[0].status = "Delivered";
    change(document.services.wallet!);
    return document;
  };
  const cases: [string, unknown, string, ServiceName?][] = [
    ["another format", { ...good, format: "something-else" }, "/format"],
    ["no format version", { ...good, version: "1" }, "/version"],
    ["a newer format version", { ...good, version: 2 }, "/version"],
    ["services not an object", { ...good, services: [] }, "/services"],
    ["no service", { ...good, services: {} }, "/services"],
    ["an unknown service", { ...good, services: { ...good.services, ledger: {} } }, "/services/ledger"],
    ["the host app, which keeps no data", { ...good, services: { ...good.services, host: {} } }, "/services/host"],
    [
      "a wrong type deep inside",
      withGoodStorefront((wallet) => (wallet.transactions[3].amountCents = "12.50")),
      "/services/wallet/transactions/3/amountCents",
      "wallet",
    ],
    [
      "an unknown status",
      withGoodStorefront((wallet) => (wallet.transactions[0].status = "Settled")),
      "/services/wallet/transactions/0/status",
      "wallet",
    ],
    ["a missing collection", withGoodStorefront((wallet) => delete wallet.wallets), "/services/wallet", "wallet"],
    [
      "a newer schema version",
      withGoodStorefront((wallet) => (wallet.version = 99)),
      "/services/wallet/version",
      "wallet",
    ],
    ["no schema version", withGoodStorefront((wallet) => delete wallet.version), "/services/wallet/version", "wallet"],
    [
      "a service's data not an object",
      { ...good, services: { ...good.services, storefront: [] } },
      "/services/storefront",
      "storefront",
    ],
  ];
  for (const [name, document, field, service] of cases) {
    await t.test(name, async () => {
      const response = await importRaw(url, document);
      assert.equal(response.status, 400);
      const body = (await response.json()) as {
        error: string;
        code: string;
        details: { field: string; service?: string };
      };
      assert.equal(body.code, "validation_error");
      assert.deepEqual(body.details, { field, ...(service && { service }) });
      assert.ok(body.error.startsWith(`Import refused, nothing was changed: ${field} `), body.error);
      assert.deepEqual(await controls.exportData().then((after) => after.services), good.services);
    });
  }

  await t.test("through the client: a SandboxError with the server's message", async () => {
    await assert.rejects(
      controls.importData({ ...good, format: "x" }),
      (error: unknown) =>
        error instanceof SandboxError && error.code === "validation_error" && /\/format/.test(error.message),
    );
  });
});

test("data of an older schema version is migrated forward, as at start", async (t) => {
  const sandbox = await startFullSandbox(t);
  const controls = new ControlsClient(sandbox.urls.wallet!);
  const document = clone(await controls.exportData());
  const { oauthClients: _clients, refreshTokens: _tokens, ...walletV1 } = document.services.wallet!;
  document.services = { wallet: { ...walletV1, version: 1, transactions: walletV1.transactions.slice(0, 2) } };
  assert.deepEqual(await controls.importData(document), { imported: ["wallet"] });
  const wallet = (await controls.exportData()).services.wallet as Data;
  assert.equal(wallet.version, 2);
  assert.equal(wallet.transactions.length, 2);
  assert.deepEqual(
    wallet.oauthClients.map((client: { id: string }) => client.id),
    ["sandbox-agent-platform"],
  );
  assert.deepEqual(wallet.refreshTokens, []);
});

test("a document for a server the sandbox does not run is a 409, and nothing changes", async (t) => {
  const full = await startFullSandbox(t);
  const document = clone(await new ControlsClient(full.urls.storefront!).exportData());
  document.services.storefront!.orders[0].status = "Delivered";
  const { url } = await startTestSandbox(t);
  const controls = new ControlsClient(url);
  const before = await controls.exportData();
  await assert.rejects(
    controls.importData(document),
    (error: unknown) => error instanceof SandboxError && error.code === "service_not_running" && error.status === 409,
  );
  assert.deepEqual((await controls.exportData()).services, before.services);
});

test("an import may be larger than the services' 1 MiB body limit", async (t) => {
  const sandbox = await startFullSandbox(t);
  const controls = new ControlsClient(sandbox.urls.wallet!);
  const document = clone(await controls.exportData());
  const [first] = document.services.wallet!.transactions;
  document.services = {
    wallet: {
      ...document.services.wallet!,
      transactions: Array.from({ length: 12_000 }, (_, index) => ({ ...first, id: `txn_bulk_${index}` })),
    },
  };
  assert.ok(JSON.stringify(document).length > 2 * 1024 * 1024);
  assert.deepEqual(await controls.importData(document), { imported: ["wallet"] });
  assert.equal(((await controls.exportData()).services.wallet as Data).transactions.length, 12_000);
});
