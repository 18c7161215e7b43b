import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { periodOf, quantityOf } from "../../src/agent/resolver/phrases.ts";
import { applyAnswer, resolveQuestion } from "../../src/agent/resolver/resolve.ts";

const catalog = (JSON.parse(readFileSync(new URL("../../fixtures/storefront/products.json", import.meta.url), "utf8")) as { products: { id: string; name: string }[] }).products;

test("the spec's period phrases", async (t) => {
  const spec: [string, string][] = [
    ["How much did I spend this month?", "30d"],
    ["How much did I spend in the last 30 days?", "30d"],
    ["What came in last week?", "7d"],
    ["How much did I spend?", "30d"],
  ];
  for (const [question, period] of spec) {
    await t.test(question, () => assert.equal((resolveQuestion(question, catalog).parameters.period), period));
  }
});

test("a wider table of period phrasings", async (t) => {
  const table: [string, string | undefined][] = [
    ["past week", "7d"], ["this week", "7d"], ["the last 7 days", "7d"], ["previous week", "7d"], ["last seven days", "7d"],
    ["past month", "30d"], ["last month", "30d"], ["previous month", "30d"], ["last thirty days", "30d"],
    ["last three months", "90d"], ["past 3 months", "90d"], ["this quarter", "90d"], ["last 90 days", "90d"],
    ["this year", "1y"], ["last year", "1y"], ["past twelve months", "1y"], ["last 12 months", "1y"], ["last 365 days", "1y"],
    ["yesterday", undefined], ["ever", undefined],
  ];
  for (const [phrase, period] of table) await t.test(phrase, () => assert.equal(periodOf(`How much did I spend ${phrase}?`), period));
});

test("intents, ids and the spec's example shapes", async (t) => {
  const cases: [string, string, Record<string, unknown>][] = [
    ["How much did I spend this month?", "get_spending_income_insights", { period: "30d" }],
    ["What were my expenses over the last three months?", "get_spending_income_insights", { period: "90d" }],
    ["What came in last week?", "list_transactions", { period: "7d", direction: "income", include_insights: true }],
    ["How much income did I get this year?", "list_transactions", { period: "1y", direction: "income", include_insights: true }],
    ["Did transaction txn_ada_0002 go through?", "get_transaction_status", { transaction_id: "txn_ada_0002" }],
    ["What's the status of TXN_TUNDE_0004", "get_transaction_status", { transaction_id: "TXN_TUNDE_0004" }],
    ["What's my balance?", "get_wallet", {}],
    ["How much money do I have?", "get_wallet", {}],
    ["Show my transactions from last week", "list_transactions", { period: "7d" }],
    ["Where is my order ORD-7F3K2Q?", "get_orders", { order_id: "ORD-7F3K2Q" }],
    ["Has anything been delivered?", "get_orders", {}],
    ["What's the status of order ORD-7F3K2Q?", "get_orders", { order_id: "ORD-7F3K2Q" }],
    ["order status", "get_orders", {}],
    ["Add twenty-five eggs", "add_to_cart", { product_id: "fresh-eggs-crate-of-30", quantity: 25 }],
    ["Add -3 eggs", "add_to_cart", { product_id: "fresh-eggs-crate-of-30", quantity: -3 }],
    ["Add 2.5 kg of ofada rice", "add_to_cart", { product_id: "ofada-rice-5kg", quantity: 2.5 }],
    ["Add two bags of ofada rice", "add_to_cart", { product_id: "ofada-rice-5kg", quantity: 2 }],
    ["Please add 3 crates of eggs to my cart", "add_to_cart", { product_id: "fresh-eggs-crate-of-30", quantity: 3 }],
    ["I need palm oil", "add_to_cart", { product_id: "palm-oil-5-litre-keg", quantity: 1 }],
    ["Do you have plantain?", "search_products", { query: "plantain" }],
    ["How much is palm oil?", "search_products", { query: "Palm Oil" }],
  ];
  for (const [question, action, parameters] of cases) {
    await t.test(question, () => {
      const resolution = resolveQuestion(question, catalog);
      assert.equal(resolution.action, action);
      assert.deepEqual(resolution.parameters, parameters);
      assert.equal(resolution.followUp, undefined);
    });
  }
});

test("two products in one question are refused, not mixed up", () => {
  const resolution = resolveQuestion("Add 2 eggs and 3 ofada rice", catalog);
  assert.match(resolution.problem ?? "", /one product at a time/);
});

test("quantities in words or digits, never silently changed", () => {
  const table: [string, number | undefined][] = [["2 bags", 2], ["a dozen eggs", 12], ["a couple of", 2], ["three", 3], ["ten packs", 10], ["some rice", undefined], ["twenty-five", 25], ["1000000 eggs", 1000000], ["-3", -3]];
  for (const [text, quantity] of table) assert.equal(quantityOf(text), quantity, text);
});

test("a missing required parameter gives exactly one follow-up question, and its answer fills it", async (t) => {
  await t.test("a status question without an id", () => {
    const resolution = resolveQuestion("Did my transfer go through?", catalog);
    assert.equal(resolution.action, "get_transaction_status");
    assert.match(resolution.followUp?.question ?? "", /Which transaction/);
    const filled = applyAnswer(resolution, "it was txn_ada_0002", catalog);
    assert.deepEqual(filled, { action: "get_transaction_status", parameters: { transaction_id: "txn_ada_0002" } });
  });
  await t.test("an ambiguous product lists the candidates", () => {
    const resolution = resolveQuestion("add 2 rice", catalog);
    assert.equal(resolution.followUp?.parameter, "product_id");
    assert.match(resolution.followUp?.question ?? "", /Ofada Rice, Local Rice, Long Grain Parboiled Rice/);
    assert.deepEqual(applyAnswer(resolution, "the local rice", catalog), { action: "add_to_cart", parameters: { quantity: 2, product_id: "local-rice-50kg" } });
  });
});
