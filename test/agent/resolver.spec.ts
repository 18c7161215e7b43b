import assert from "node:assert/strict";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { loadActions } from "../../src/agent/actions/definition.ts";
import { sayAnswer } from "../../src/agent/answer.ts";
import { readWindow } from "../../src/agent/resolver/dates.ts";
import { applyAnswer } from "../../src/agent/resolver/parameters.ts";
import { quantityOf } from "../../src/agent/resolver/phrases.ts";
import { resolveQuestion } from "../../src/agent/resolver/resolve.ts";
import { DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { tempDir } from "../helpers/sandbox.ts";
import { seedCatalog } from "./eval.ts";
import { EXAMPLE_CLOCK } from "./examples.ts";

const catalog = seedCatalog();
const resolve = (question: string) => resolveQuestion(question, catalog, EXAMPLE_CLOCK);

test("the spec's periods, and days read from dates in the user's time zone", async (t) => {
  const values = {
    "7d": ["last week"],
    "30d": ["this month", "last 30 days"],
    "90d": ["three months"],
    "1y": ["this year"],
  };
  const table: [string, Record<string, string> | undefined][] = [
    ["this month", { period: "30d" }],
    ["the last 30 days", { period: "30d" }],
    ["last week", { period: "7d" }],
    ["the past three months", { period: "90d" }],
    ["this year", { period: "1y" }],
    ["the last 7 days", { period: "7d" }],
    ["the last 12 months", { period: "1y" }],
    ["the last 10 days", { from: "2026-11-09", to: "2026-11-18" }],
    ["yesterday", { from: "2026-11-17", to: "2026-11-17" }],
    ["since Monday", { from: "2026-11-16", to: "2026-11-18" }],
    ["in October", { from: "2026-10-01", to: "2026-10-31" }],
    ["in December", { from: "2025-12-01", to: "2025-12-31" }],
    ["between 2026-10-01 and 2026-10-31", { from: "2026-10-01", to: "2026-10-31" }],
    ["in 2025", { from: "2025-01-01", to: "2025-12-31" }],
    ["ever", undefined],
  ];
  for (const [phrase, expected] of table) {
    await t.test(phrase, () => {
      const window = readWindow(`transactions ${phrase}`, values, EXAMPLE_CLOCK);
      if (!expected) return assert.equal(window, undefined);
      const { said: _said, ...rest } = window ?? { said: "" };
      assert.deepEqual(rest, expected);
    });
  }
  await t.test("a day is the user's day: just after midnight in Lagos is already the next day", () => {
    const window = readWindow(
      "transactions yesterday",
      {},
      { now: new Date("2026-11-17T23:30:00Z"), timeZone: "Africa/Lagos" },
    );
    assert.equal(window && "from" in window ? window.from : undefined, "2026-11-17");
  });
});

test("quantities in words or digits, never silently changed", () => {
  const table: [string, number | undefined][] = [
    ["2 bags", 2],
    ["a dozen eggs", 12],
    ["a couple of", 2],
    ["three", 3],
    ["ten packs", 10],
    ["some rice", undefined],
    ["twenty-five", 25],
    ["1000000 eggs", 1000000],
    ["-3", -3],
  ];
  for (const [text, quantity] of table) assert.equal(quantityOf(text), quantity, text);
  const negative = resolve("Add -3 bags of ofada rice");
  assert.deepEqual(negative.parameters, { product_id: "ofada-rice-5kg" }, "nothing is changed: -3 is not made 1 or 3");
  assert.equal(
    negative.followUp?.question,
    "quantity must be a whole number from 1 to 99 (you said -3): what quantity should I use?",
  );
  const retried = applyAnswer(negative, "150", catalog);
  assert.equal(
    retried.followUp?.question,
    "quantity must be a whole number from 1 to 99 (you said 150): what quantity should I use?",
    "an answer out of range is asked again",
  );
  assert.deepEqual(applyAnswer(retried, "4", catalog).parameters, { product_id: "ofada-rice-5kg", quantity: 4 });
});

test("follow-ups: one question at a time; an answer that does not fit says why and repeats the choices", async (t) => {
  await t.test("a status question without an id", () => {
    const resolution = resolve("Did my transfer go through?");
    assert.match(resolution.followUp?.question ?? "", /Which transaction/);
    const wrong = applyAnswer(resolution, "the one to mum", catalog);
    assert.match(wrong.followUp?.question ?? "", /"the one to mum" does not give transaction_id: Which transaction/);
    const filled = applyAnswer(resolution, "it was txn_ada_0002", catalog);
    assert.deepEqual(
      [filled.action, filled.parameters, filled.followUp],
      ["get_transaction_status", { transaction_id: "txn_ada_0002" }, undefined],
    );
  });
  await t.test("an ambiguous product lists the candidates; banana fits none of them", () => {
    const resolution = resolve("add 2 rice");
    assert.equal(resolution.followUp?.parameter, "product_id");
    assert.match(resolution.followUp?.question ?? "", /Ofada Rice, Local Rice, Long Grain Parboiled Rice/);
    const banana = applyAnswer(resolution, "banana", catalog);
    assert.equal(
      banana.followUp?.question,
      "banana matches no product; choose one of Ofada Rice, Local Rice, Long Grain Parboiled Rice.",
    );
    const filled = applyAnswer(banana, "the local rice", catalog);
    assert.deepEqual([filled.parameters, filled.followUp], [{ quantity: 2, product_id: "local-rice-50kg" }, undefined]);
  });
  await t.test("a dozen eggs asks how many crates, and the answer fills the quantity", () => {
    const resolution = resolve("buy a dozen eggs");
    assert.match(resolution.followUp?.question ?? "", /Fresh Eggs is sold as "crate of 30": how many/);
    assert.deepEqual(applyAnswer(resolution, "1", catalog).parameters, {
      product_id: "fresh-eggs-crate-of-30",
      quantity: 1,
    });
  });
});

test("refusals list what the agent can do, from the actions' summaries", () => {
  const resolution = resolve("Cancel my order ORD-7F3K2Q");
  assert.equal(resolution.refused, true);
  assert.match(
    resolution.problem ?? "",
    /^I can't cancel anything here, and nothing was sent\. I can .*look up your orders/,
  );
  assert.match(resolve("Ada's balance please").action, /get_wallet|none/);
  assert.equal(
    resolveQuestion("What's Ada's balance?", catalog, { ...EXAMPLE_CLOCK, userName: "Ada Okafor" }).action,
    "get_wallet",
    "the user's own name is theirs",
  );
});

test("--explain: the phrases matched, the runner-up, and where each value came from", () => {
  const { explanation } = resolve("How much did I spend this month?");
  assert.deepEqual(
    explanation?.candidates.slice(0, 2).map((candidate) => candidate.action),
    ["get_spending_income_insights", "list_transactions"],
  );
  assert.ok(explanation?.candidates[0]?.matched.includes('"spend" +3'));
  assert.deepEqual(explanation?.values, [{ parameter: "period", value: "30d", because: '"this month"' }]);
  assert.deepEqual(resolve("whats my balnce").explanation?.typos, ["balnce→balance"]);
});

test("a new action file routes and answers without code", async (t) => {
  const dir = join(await tempDir(t), "actions");
  await mkdir(dir);
  for (const file of ["get-orders.json", "get-wallet.json"])
    await writeFile(join(dir, file), await readFile(join(DEFAULT_ACTIONS_DIR, file), "utf8"));
  await writeFile(
    join(dir, "get-rewards.json"),
    JSON.stringify({
      name: "get_rewards",
      description: "The user's reward points.",
      service: "storefront",
      method: "GET",
      url: "/api/agent/rewards",
      auth: "bff",
      query: { since: "{{since}}" },
      parameters: { type: "object", properties: { since: { type: "string" } } },
      understanding: {
        summary: "tell you your reward points",
        intent: { rewards: 4, points: 4, loyalty: 3 },
        parameters: { since: { from: "date", bound: "start" } },
        answer: { cases: [{ say: "{{Your}} points: {{body.points}}{{parameters.since|if: since #}}." }] },
      },
    }),
  );
  const actions = await loadActions(dir);
  const resolution = resolveQuestion("how many loyalty points have I got since October?", [], {
    actions,
    ...EXAMPLE_CLOCK,
  });
  assert.deepEqual([resolution.action, resolution.parameters], ["get_rewards", { since: "2026-10-01T00:00:00+01:00" }]);
  const template = actions.find((action) => action.name === "get_rewards")!.understanding!.answer!;
  assert.equal(
    sayAnswer(template, { body: { points: 120 }, parameters: resolution.parameters, Your: "Your" }),
    "Your points: 120 since 2026-10-01T00:00:00+01:00.",
  );
  assert.match(
    resolveQuestion("cancel my rewards", [], { actions, ...EXAMPLE_CLOCK }).problem ?? "",
    /I can look up your orders.*; tell you your reward points; tell you your wallet balance/,
  );
});

test("answers: a cart line says the pack after a comma (no nested brackets); order answers end with a full stop", async () => {
  const { answerLine } = await import("../../src/agent/answer.ts");
  const call = (action: string, parameters: Record<string, unknown>, body: unknown) => ({
    action,
    parameters,
    request: { method: "GET", url: "/", headers: {} },
    response: { status: 200, body },
  });
  const cart = answerLine(
    call(
      "add_to_cart",
      { product_id: "unripe-plantain-bunch", quantity: 1 },
      {
        items: [{ id: "unripe-plantain-bunch", name: "Unripe Plantain", description: "1 bunch (about 12 fingers)" }],
        subtotal: 11000,
      },
    ),
  );
  assert.match(cart, /^Added 1 × Unripe Plantain, 1 bunch \(about 12 fingers\) each\. /);
  const orders = answerLine(
    call(
      "get_orders",
      { order_id: "ORD-7F3K2Q" },
      {
        orders: [
          {
            orderId: "ORD-7F3K2Q",
            status: "delivered",
            mainProduct: { name: "Ofada Rice" },
            additionalItemsCount: 0,
            orderDate: "2026-11-01",
          },
        ],
      },
    ),
  );
  assert.match(orders, /^Your order ORD-7F3K2Q: delivered, Ofada Rice, 2026-11-01\.$/);
});
