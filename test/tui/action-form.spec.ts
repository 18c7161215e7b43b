import assert from "node:assert/strict";
import { test } from "node:test";
import { loadActions } from "../../src/agent/actions/definition.ts";
import { DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { cycleChoice, formFields, formParameters, shownValue, typedValue } from "../../src/tui/client/action-form.ts";

const actions = await loadActions(DEFAULT_ACTIONS_DIR);
const fieldsOf = (name: string) => formFields(actions.find((action) => action.name === name)!);

test("action form: fields from the JSON Schema, required marked, defaults and enum values kept", () => {
  const [product, quantity] = fieldsOf("add_to_cart");
  assert.deepEqual(
    [product?.name, product?.required, quantity?.name, quantity?.required, quantity?.default],
    ["product_id", true, "quantity", false, 1],
  );
  assert.equal(shownValue(quantity!, undefined).text, "default 1");
  const period = fieldsOf("list_transactions").find((field) => field.name === "period")!;
  assert.deepEqual(period.choices, ["7d", "30d", "90d", "1y"]);
  const insights = fieldsOf("list_transactions").find((field) => field.name === "include_insights")!;
  assert.deepEqual(insights.choices, [true, false]);
});

test("action form: ←/→ cycle through the values, and through 'not set' for an optional one", () => {
  const period = fieldsOf("list_transactions").find((field) => field.name === "period")!;
  assert.equal(cycleChoice(period, undefined, 1), "7d");
  assert.equal(cycleChoice(period, "1y", 1), undefined);
  assert.equal(cycleChoice(period, undefined, -1), "1y");
  const required = fieldsOf("get_spending_income_insights").find((field) => field.name === "period")!;
  assert.equal(cycleChoice(required, "1y", 1), "7d", "a required one has no 'not set'");
});

test("action form: typed text keeps the schema's type; empty is left out", () => {
  const quantity = fieldsOf("add_to_cart").find((field) => field.name === "quantity")!;
  assert.equal(typedValue(quantity, "3"), 3);
  assert.equal(typedValue(quantity, "three"), "three", "the schema check names the problem");
  assert.equal(typedValue(quantity, "  "), undefined);
  assert.deepEqual(formParameters({ product_id: "ofada-rice-5kg", quantity: undefined }), {
    product_id: "ofada-rice-5kg",
  });
});
