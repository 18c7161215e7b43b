import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { formatNairaRange } from "../../src/storefront/money.ts";
import { errorBody, startTestSandbox } from "../helpers/sandbox.ts";

interface ProductView {
  id: string;
  name: string;
  category: string;
  image: string;
  price: string;
  description: string;
  season: string;
}
const fixture = JSON.parse(
  await readFile(new URL("../../fixtures/storefront/products.json", import.meta.url), "utf8"),
) as {
  products: { id: string; name: string; priceRangeKobo: [number, number]; packSize: string; season: string }[];
};

test("price display text", async (t) => {
  const cases: [number, number, string][] = [
    [120000, 150000, "₦1,200 - ₦1,500"],
    [50000, 50000, "₦500"],
    [11500000, 12500000, "₦115,000 - ₦125,000"],
    [9950, 9950, "₦99.50"],
    [100000000, 100000000, "₦1,000,000"],
    [0, 5, "₦0 - ₦0.05"],
    [123456789, 123456789, "₦1,234,567.89"],
  ];
  for (const [low, high, text] of cases) {
    await t.test(text, () => assert.equal(formatNairaRange(low, high), text));
  }
});

test("GET /api/products", async (t) => {
  const sandbox = await startTestSandbox(t);
  const token = await sandbox.login();
  const list = async (query = "") => {
    const response = await sandbox.as(token, `/api/products${query}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    return ((await response.json()) as { items: ProductView[] }).items;
  };

  await t.test("without q: the whole catalog in fixture order, with the contract's fields", async () => {
    const items = await list();
    assert.deepEqual(
      items.map((item) => item.id),
      fixture.products.map((product) => product.id),
    );
    for (const item of items) {
      const product = fixture.products.find((candidate) => candidate.id === item.id)!;
      assert.equal(typeof item.price, "string");
      assert.equal(item.price, formatNairaRange(...product.priceRangeKobo));
      assert.match(item.price, /^₦[\d,]+(\.\d\d)?( - ₦[\d,]+(\.\d\d)?)?$/);
      assert.equal(item.description, product.packSize);
      assert.ok(["In Season", "Off Season"].includes(item.season));
      assert.match(item.image, /^https:\/\//);
    }
    assert.ok(
      items.some((item) => item.category === ""),
      "the catalog has a product with an empty category",
    );
    assert.ok(new Set(items.map((item) => item.category).filter(Boolean)).size >= 5, "five or more categories");
  });

  await t.test("q is a case-insensitive substring match on the name", async () => {
    const rice = await list("?q=RiCe");
    assert.ok(rice.length >= 2);
    assert.deepEqual(
      rice.map((item) => item.id),
      fixture.products.filter((p) => p.name.toLowerCase().includes("rice")).map((p) => p.id),
    );
  });

  await t.test("blank q is the full catalog; no match is an empty list", async () => {
    assert.equal((await list("?q=")).length, fixture.products.length);
    assert.equal((await list("?q=%20%20")).length, fixture.products.length);
    assert.deepEqual(await list("?q=caviar"), []);
  });

  await t.test("q with regex or URL characters is matched literally", async () => {
    assert.deepEqual(await list(`?q=${encodeURIComponent(".*")}`), []);
    const withBracket = fixture.products.filter((product) => product.name.includes("(")).map((product) => product.id);
    assert.ok(withBracket.length > 0, "the catalog has a name with a bracket");
    assert.deepEqual(
      (await list(`?q=${encodeURIComponent("(")}`)).map((item) => item.id),
      withBracket,
    );
  });

  await t.test("a repeated q is a 400 naming it", async () => {
    const response = await sandbox.as(token, "/api/products?q=rice&q=beans");
    assert.equal(response.status, 400);
    const body = await errorBody(response);
    assert.equal(body.code, "validation_error");
    assert.deepEqual(body.details, { field: "q" });
  });
});
