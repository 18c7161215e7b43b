// GET /api/products is serialised once per catalog version and query, with a strong ETag: a
// revalidation gets 304, and no kept answer outlives a change to the catalog, whichever path made it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { ADA, startTestSandbox } from "../helpers/sandbox.ts";

interface Catalog {
  items: { id: string; name: string; price: string }[];
}

test("the catalog carries a strong ETag, and If-None-Match naming it gets 304 without a body", async (t) => {
  const sandbox = await startTestSandbox(t);
  const token = await sandbox.login();
  const first = await sandbox.as(token, "/api/products?q=rice");
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"[\w-]+"$/, "a strong tag (no W/)");
  assert.equal(first.headers.get("cache-control"), "private, no-cache");
  const body = await first.text();

  for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
    await t.test(`If-None-Match: ${condition}`, async () => {
      const again = await sandbox.as(token, "/api/products?q=rice", { headers: { "if-none-match": condition } });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get("etag"), etag);
      assert.equal(await again.text(), "");
    });
  }
  const other = await sandbox.as(token, "/api/products?q=rice", { headers: { "if-none-match": '"not-this-one"' } });
  assert.equal(other.status, 200);
  assert.equal(await other.text(), body);
  // The same query written another way is the same answer, and the whole catalog another one.
  const spelled = await sandbox.as(token, "/api/products?q=%20RICE%20");
  assert.equal(spelled.headers.get("etag"), etag);
  await spelled.body?.cancel();
  const whole = await sandbox.as(token, "/api/products");
  assert.notEqual(whole.headers.get("etag"), etag);
  await whole.body?.cancel();
  // Without a valid token, no 304 gives away that the tag is right.
  const anonymous = await sandbox.fetch("/api/products?q=rice", { headers: { "if-none-match": etag } });
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
});

test("the agent's catalog route revalidates as the user's does", async (t) => {
  const sandbox = await startTestSandbox(t);
  const token = await sandbox.login();
  const registered = await sandbox.fetch("/api/agent/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: ADA.id, token }),
  });
  assert.equal(registered.status, 200, await registered.text());
  const agent = { authorization: `Bearer ${sandbox.sandbox.config.bffServiceToken}`, "x-end-user-id": ADA.id };
  const first = await sandbox.fetch("/api/agent/products", { headers: agent });
  const etag = first.headers.get("etag")!;
  await first.body?.cancel();
  const again = await sandbox.fetch("/api/agent/products", { headers: { ...agent, "if-none-match": etag } });
  assert.equal(again.status, 304);
  await again.body?.cancel();
});

test("no kept catalog answer outlives a change, whichever path writes", async (t) => {
  const sandbox = await startTestSandbox(t);
  const controls = new ControlsClient(sandbox.url, sandbox.sandbox.config.controlToken);
  const token = await sandbox.login();
  const read = async (query = "") => {
    const response = await sandbox.as(token, `/api/products${query}`);
    assert.equal(response.status, 200);
    return { etag: response.headers.get("etag")!, catalog: (await response.json()) as Catalog };
  };
  const seed = { whole: await read(), rice: await read("?q=rice") };
  const unchanged = async () => {
    assert.deepEqual(await read(), seed.whole);
    assert.deepEqual(await read("?q=rice"), seed.rice);
  };

  await t.test("a cart add leaves the catalog as it was", async () => {
    assert.equal((await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" })).status, 200);
    await unchanged();
  });

  await t.test("a trigger (an order delivered) leaves it as it was", async () => {
    const order = (await (await sandbox.as(token, "/api/orders")).json()) as {
      orders: { orderId: string; status: string }[];
    };
    await controls.triggerOrderDelivered(order.orders.find((candidate) => candidate.status !== "Delivered")!.orderId);
    await unchanged();
  });

  await t.test("an import that renames a product and changes a price shows at once, in every query", async () => {
    const document = (await controls.exportData()) as {
      services: { storefront: { products: { id: string; name: string; priceRangeKobo: number[] }[] } };
    };
    const [ofada] = document.services.storefront.products.filter((product) => product.id === "ofada-rice-5kg");
    ofada!.name = "Ofada Rice, new crop";
    ofada!.priceRangeKobo = [2_000_000, 2_500_000];
    await controls.importData(document);

    const whole = await read();
    assert.notEqual(whole.etag, seed.whole.etag);
    assert.deepEqual(
      whole.catalog.items.find((item) => item.id === "ofada-rice-5kg"),
      {
        ...seed.whole.catalog.items.find((item) => item.id === "ofada-rice-5kg"),
        name: "Ofada Rice, new crop",
        price: "₦20,000 - ₦25,000",
      },
    );
    const rice = await read("?q=rice");
    assert.notEqual(rice.etag, seed.rice.etag);
    assert.equal(rice.catalog.items.find((item) => item.id === "ofada-rice-5kg")?.name, "Ofada Rice, new crop");
    assert.deepEqual(
      (await read("?q=new crop")).catalog.items.map((item) => item.id),
      ["ofada-rice-5kg"],
    );
    // A client holding the old answer gets the new one, not a 304.
    const revalidated = await sandbox.as(token, "/api/products", { headers: { "if-none-match": seed.whole.etag } });
    assert.equal(revalidated.status, 200);
    await revalidated.body?.cancel();
  });

  await t.test("a reset brings the seed's catalog back, with the seed's ETag", async () => {
    await controls.reset();
    await unchanged();
  });
});
