import assert from "node:assert/strict";
import { test } from "node:test";
import { durationMs, escapeVariables, mismatch, select, substitute, variablesIn } from "../../src/scenario/values.ts";

test("selectors pick members, elements and lengths, and refuse what is no selector", () => {
  const body = { items: [{ name: "Ofada Rice", "pack-size": "5 kg" }, { name: "Local Rice" }], total: 2 };
  assert.deepEqual(select(body, "$"), body);
  assert.equal(select(body, "$.items[1].name"), "Local Rice");
  assert.equal(select(body, "$.items[-1].name"), "Local Rice");
  assert.equal(select(body, "$.items[0]['pack-size']"), "5 kg");
  assert.equal(select(body, "$.items.length"), 2);
  assert.equal(select(body, "$.items[5].name"), undefined);
  assert.equal(select(body, "$.total.name"), undefined);
  assert.throws(() => select(body, "items[0]"), /is no selector/);
  assert.throws(() => select(body, "$.items[x]"), /is no selector/);
});

test("matchers: a value is equal as written; a test object applies each test and says what it expected", async () => {
  assert.equal(await mismatch({ a: 1 }, { a: 1 }), undefined);
  assert.equal(await mismatch(200, 201), "expected 200");
  assert.equal(await mismatch({ gte: 200, lt: 300 }, 204), undefined);
  assert.equal(await mismatch({ gte: 200, lt: 300 }, 404), "expected less than 300");
  assert.equal(await mismatch({ matches: "^ORD-" }, "ORD-7F3K2Q"), undefined);
  assert.equal(await mismatch({ matches: "^ORD-" }, 7), "expected a string matching /^ORD-/");
  assert.equal(await mismatch({ matches: "^ORD-" }, "INV-1"), "expected a string matching /^ORD-/");
  assert.equal(await mismatch({ length: { gte: 1 } }, [1]), undefined);
  assert.equal(await mismatch({ length: 2 }, "abc"), "expected a length: expected 2, the length is 3");
  assert.equal(await mismatch({ exists: false }, undefined), undefined);
  assert.equal(await mismatch({ contains: "rice" }, "Ofada rice"), undefined);
  assert.equal(await mismatch({ contains: 3 }, [1, 2]), "expected it to contain 3");
  // An object whose keys are not all tests is a value to equal.
  assert.equal(await mismatch({ equals: 1, other: 2 }, { equals: 1, other: 2 }), undefined);
});

test("variables: ${name} is replaced in every string, a whole-string reference keeps its type, an unknown one fails", () => {
  const variables = new Map<string, unknown>([
    ["id", "ofada-rice-5kg"],
    ["count", 2],
  ]);
  assert.deepEqual(
    substitute({ product_id: "${id}", quantity: "${count}", path: "/api/orders?order_id=${id}" }, variables),
    {
      product_id: "ofada-rice-5kg",
      quantity: 2,
      path: "/api/orders?order_id=ofada-rice-5kg",
    },
  );
  assert.throws(() => substitute(["${missing}"], variables), /\$\{missing\} is no variable/);
});

test("$${ writes ${ itself: no variable is looked up, and escaping gives back any text as it was", () => {
  const variables = new Map<string, unknown>([["id", "ofada-rice-5kg"]]);
  assert.deepEqual(
    substitute(
      { said: "Costs $${price} today", whole: "$${id}", both: "$${id} is ${id}", dollars: "$$ and $${" },
      variables,
    ),
    { said: "Costs ${price} today", whole: "${id}", both: "${id} is ofada-rice-5kg", dollars: "$$ and ${" },
  );
  assert.deepEqual(variablesIn("$${price} and ${id}, $$${count}"), ["id"]);
  // What the recorder writes: any text, escaped, comes back from the substitution as it was.
  for (const text of ["${baz}", "Costs ${price} today", "$${already}", "$$${x}", "${", "$", "a${b}${c}$"])
    assert.equal(substitute(escapeVariables(text), variables), text);
  assert.deepEqual(escapeVariables({ body: ["${a}"], n: 1 }), { body: ["$${a}"], n: 1 });
});

test("durations: milliseconds, or a number with its unit", () => {
  assert.equal(durationMs(250), 250);
  assert.equal(durationMs("5s"), 5000);
  assert.equal(durationMs("25h"), 90_000_000);
  assert.ok(Number.isNaN(durationMs("soon" as never)));
});
