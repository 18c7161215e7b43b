import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { ControlsClient, type ExportDocument } from "../../src/client/controls-client.ts";
import { SandboxError } from "../../src/errors.ts";
import { startServers } from "../../src/runtime/sandbox.ts";
import type { ServiceName } from "../../src/service-names.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { authorize, basic, CLIENT, tokenRequest } from "../helpers/oauth.ts";
import { ADA, errorBody, TUNDE, tempDir, testConfig } from "../helpers/sandbox.ts";

// biome-ignore lint/suspicious/noExplicitAny: the cases break a service's data on purpose, which its own types would refuse
type Data = Record<string, any>;
type Services = Record<"storefront" | "wallet", Data>;

const IMPOSTOR = { id: "9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a", name: "Not Ada", password: "impostor-pass" };

const VERIFIER = randomBytes(32).toString("base64url");

/** Records of every kind, made by the routes: a cart, a registered client, refresh tokens (one used), a transaction. */
async function makeRecords(storefront: string, wallet: string, token: string): Promise<void> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  await post(
    `${storefront}/api/cart/items`,
    { product_id: "ofada-rice-5kg", quantity: 2 },
    { authorization: `Bearer ${token}` },
  );
  await post(`${wallet}/__sandbox/oauth/clients`, {
    name: "Partner App",
    redirectUris: ["https://partner.example/cb"],
  });
  await new ControlsClient(wallet).triggerTransaction({ user: ADA.email, amount: 12.5, direction: "spending" });
  const callback = await authorize(wallet, {
    response_type: "code",
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUri,
    code_challenge: createHash("sha256").update(VERIFIER).digest("base64url"),
    code_challenge_method: "S256",
  });
  const auth = { authorization: basic(CLIENT.id, CLIENT.secret) };
  const grant = {
    grant_type: "authorization_code",
    code: callback.searchParams.get("code")!,
    redirect_uri: CLIENT.redirectUri,
  };
  const tokens = (await (await tokenRequest(wallet, { ...grant, code_verifier: VERIFIER }, auth)).json()) as {
    refresh_token: string;
  };
  const refreshed = await tokenRequest(
    wallet,
    { grant_type: "refresh_token", refresh_token: tokens.refresh_token },
    auth,
  );
  assert.equal(refreshed.status, 200);
}

/** Each case breaks one rule that the routes creating the same record keep; the field is where the 400 points. */
const CASES: [name: string, change: (services: Services) => void, field: string, service: ServiceName][] = [
  [
    "an order date that is not a date",
    ({ storefront }) => (storefront.orders[0].placedAt = "not a date"),
    "/services/storefront/orders/0/placedAt",
    "storefront",
  ],
  [
    "an order date that no calendar has",
    ({ storefront }) => (storefront.orders[1].placedAt = "2026-02-30T10:00:00.000Z"),
    "/services/storefront/orders/1/placedAt",
    "storefront",
  ],
  [
    "an order date not written as the store writes them",
    ({ storefront }) => (storefront.orders[0].placedAt = "2026-11-12"),
    "/services/storefront/orders/0/placedAt",
    "storefront",
  ],
  [
    "storefront data of version 0, which would be migrated into empty collections",
    ({ storefront }) => (storefront.version = 0),
    "/services/storefront/version",
    "storefront",
  ],
  ["wallet data of version 0", ({ wallet }) => (wallet.version = 0), "/services/wallet/version", "wallet"],
  [
    "a second user with Ada's email in capitals",
    ({ storefront }) => storefront.users.push({ ...IMPOSTOR, email: "ADA@example.com" }),
    "/services/storefront/users/3/email",
    "storefront",
  ],
  [
    "Ada's email in capitals with another user's id",
    ({ wallet }) => wallet.users.push({ ...IMPOSTOR, id: TUNDE.id, email: "ADA@example.com" }),
    "/services/wallet/users/3/id",
    "wallet",
  ],
  [
    "a cart quantity of -5",
    ({ storefront }) => (storefront.carts[ADA.id].lines[0].quantity = -5),
    `/services/storefront/carts/${ADA.id}/lines/0/quantity`,
    "storefront",
  ],
  [
    "a cart line naming no product",
    ({ storefront }) => (storefront.carts[ADA.id].lines[0].productId = "no-such-product"),
    `/services/storefront/carts/${ADA.id}/lines/0/productId`,
    "storefront",
  ],
  [
    "two lines of one product in a cart",
    ({ storefront }) => storefront.carts[ADA.id].lines.push({ ...storefront.carts[ADA.id].lines[0] }),
    `/services/storefront/carts/${ADA.id}/lines/1/productId`,
    "storefront",
  ],
  [
    "a cart of no user",
    ({ storefront }) => (storefront.carts["no/user~"] = { version: 1, lines: [] }),
    "/services/storefront/carts/no~1user~0",
    "storefront",
  ],
  [
    "an order item naming no product",
    ({ storefront }) => (storefront.orders[0].items[0].productId = "no-such-product"),
    "/services/storefront/orders/0/items/0/productId",
    "storefront",
  ],
  [
    "an order of no user",
    ({ storefront }) => (storefront.orders[2].userId = IMPOSTOR.id),
    "/services/storefront/orders/2/userId",
    "storefront",
  ],
  [
    "two orders with one id",
    ({ storefront }) => (storefront.orders[1].id = storefront.orders[0].id),
    "/services/storefront/orders/1/id",
    "storefront",
  ],
  [
    "an amount of 1e300 cents",
    ({ wallet }) => (wallet.transactions[0].amountCents = 1e300),
    "/services/wallet/transactions/0/amountCents",
    "wallet",
  ],
  [
    "a transaction of no user",
    ({ wallet }) => (wallet.transactions[1].userId = IMPOSTOR.id),
    "/services/wallet/transactions/1/userId",
    "wallet",
  ],
  [
    "a transaction date that is not a date",
    ({ wallet }) => (wallet.transactions[0].createdAt = "yesterday"),
    "/services/wallet/transactions/0/createdAt",
    "wallet",
  ],
  [
    "a wallet of no user",
    ({ wallet }) => (wallet.wallets[0].userId = IMPOSTOR.id),
    "/services/wallet/wallets/0/userId",
    "wallet",
  ],
  [
    "a javascript: redirect URI",
    ({ wallet }) => wallet.oauthClients[0].redirectUris.push("javascript:alert(document.cookie)"),
    "/services/wallet/oauthClients/0/redirectUris/2",
    "wallet",
  ],
  [
    "a redirect URI on another host over plain http",
    ({ wallet }) => (wallet.oauthClients[0].redirectUris[0] = "http://attacker.example/callback"),
    "/services/wallet/oauthClients/0/redirectUris/0",
    "wallet",
  ],
  [
    "a refresh token of no client",
    ({ wallet }) =>
      wallet.refreshTokens.push({
        hash: "h",
        familyId: "f",
        clientId: "no-such-client",
        userId: ADA.id,
        scope: "wallet:read",
        expiresAt: "2030-01-01T00:00:00.000Z",
      }),
    "/services/wallet/refreshTokens/2/clientId",
    "wallet",
  ],
];

test("an import is checked with the rules of the routes that make the same records: a 400 naming the field, and nothing changes", async (t) => {
  const sandbox = await startFullSandbox(t);
  const controls = new ControlsClient(sandbox.urls.host!);
  const token = await loginAt(sandbox.urls.storefront!);
  await makeRecords(sandbox.urls.storefront!, sandbox.urls.wallet!, token);
  const good = await controls.exportData();

  for (const [name, change, field, service] of CASES) {
    await t.test(name, async () => {
      const document = structuredClone(good) as ExportDocument & { services: Services };
      change(document.services);
      const response = await fetch(`${sandbox.urls.host}/__sandbox/import`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(document),
      });
      assert.equal(response.status, 400);
      const body = await errorBody(response);
      assert.equal(body.code, "validation_error");
      assert.deepEqual(body.details, { field, service });
      assert.ok(body.error.startsWith(`Import refused, nothing was changed: ${field} `), body.error);
      assert.deepEqual((await controls.exportData()).services, good.services);
      for (const url of [sandbox.urls.storefront!, sandbox.urls.wallet!])
        assert.ok(await loginAt(url), `the real Ada still signs in at ${url}`);
      const orders = await fetch(`${sandbox.urls.storefront}/api/orders`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(orders.status, 200);
    });
  }

  await t.test("the export itself is taken back whole", async () => {
    assert.equal((good.services.wallet as Data).refreshTokens.length, 2, "a used refresh token and its successor");
    assert.equal((good.services.wallet as Data).oauthClients.length, 2);
    assert.deepEqual(await controls.importData(good), { imported: ["storefront", "wallet"] });
    assert.deepEqual((await controls.exportData()).services, good.services);
  });
});

test("a data file edited by hand against the same rules stops the start with one line naming the field", async (t) => {
  const dataDir = await tempDir(t);
  const first = await startFullSandbox(t, {}, dataDir);
  await first.close();
  const file = join(dataDir, "storefront.json");
  const data = JSON.parse(await readFile(file, "utf8"));
  data.orders[0].placedAt = "not a date";
  await writeFile(file, JSON.stringify(data));
  await assert.rejects(startServers(await testConfig(dataDir, { only: "storefront" })), (error: unknown) => {
    assert.ok(error instanceof SandboxError && error.code === "data_file_invalid", String(error));
    assert.match(error.message, /\/orders\/0\/placedAt/);
    assert.doesNotMatch(error.message, /\n/);
    return true;
  });
});

test("an import over 8 MiB is a 413 naming the limit and the data files, which take more data at start", async (t) => {
  const dataDir = await tempDir(t);
  const sandbox = await startFullSandbox(t, { only: "wallet" }, dataDir);
  const controls = new ControlsClient(sandbox.urls.wallet!);
  const before = await controls.exportData();
  const wallet = structuredClone(before.services.wallet) as Data;
  const [first] = wallet.transactions;
  wallet.transactions = Array.from({ length: 45_000 }, (_, index) => ({ ...first, id: `txn_bulk_${index}` }));
  const body = JSON.stringify({ ...before, services: { wallet } });
  assert.ok(body.length > 8 * 1024 * 1024);

  const response = await fetch(`${sandbox.urls.wallet}/__sandbox/import`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  assert.equal(response.status, 413);
  const refusal = await errorBody(response);
  assert.equal(refusal.code, "payload_too_large");
  assert.match(refusal.error, /at most 8 MiB/);
  assert.match(refusal.error, /services\.wallet to wallet\.json/);
  assert.deepEqual((await controls.exportData()).services, before.services);

  await sandbox.close();
  await writeFile(join(dataDir, "wallet.json"), JSON.stringify(wallet));
  const again = await startFullSandbox(t, { only: "wallet" }, dataDir);
  const after = await new ControlsClient(again.urls.wallet!).exportData();
  assert.equal(
    (after.services.wallet as Data).transactions.length,
    45_000,
    "the data file took what the import could not",
  );
});
