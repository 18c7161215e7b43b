import assert from "node:assert/strict";
import { test } from "node:test";
import { type Shape, shapeProblem } from "../../src/check/expect.ts";
import { CART, PRODUCT } from "../../src/check/storefront-data.ts";
import { TRANSACTION } from "../../src/check/wallet-data.ts";

test("a shape problem names the path to the value and says what was expected and what came", async (t) => {
  const transaction = {
    id: "txn_1",
    type: "deposit",
    direction: "income",
    amount: 12.5,
    currency: "USD",
    status: "Completed",
    description: "Top-up",
    createdAt: "2026-11-01T09:30:00.000Z",
  };
  const cases: [string, unknown, Shape, string | undefined][] = [
    ["a good transaction", transaction, TRANSACTION, undefined],
    [
      "a field without a value",
      { ...transaction, currency: undefined },
      { currency: "string" },
      "the body.currency: expected a string, got nothing",
    ],
    ["a field left out", { items: [] }, CART, "the body.subtotal is missing"],
    [
      "a value outside its set",
      { ...transaction, status: "Settled" },
      TRANSACTION,
      'the body.status: expected one of Completed, Pending, Failed, got "Settled"',
    ],
    [
      "a number as text",
      { ...transaction, amount: "12.50" },
      TRANSACTION,
      'the body.amount: expected a positive amount, got "12.50"',
    ],
    [
      "an element of an array",
      {
        items: [{ id: "rice", name: "Rice", description: "5kg", price: 1200, quantity: 1.5, imageUrl: "/rice.png" }],
        subtotal: 1800,
      },
      CART,
      "the body.items[0].quantity: expected an integer, got 1.5",
    ],
    [
      "a price as a number",
      { id: "rice", category: "", name: "Rice", image: "/rice.png", price: 1200 },
      PRODUCT,
      'the body.price: expected display text such as "₦1,200 - ₦1,500", got 1200',
    ],
    [
      "a price range",
      { id: "rice", category: "", name: "Rice", image: "/rice.png", price: "₦1,200 - ₦1,500" },
      PRODUCT,
      undefined,
    ],
  ];
  for (const [name, value, shape, problem] of cases) {
    await t.test(name, () => assert.equal(shapeProblem(value, shape, "the body"), problem));
  }
});
