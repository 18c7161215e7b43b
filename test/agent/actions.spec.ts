import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { ActionInputError, buildRequest } from "../../src/agent/actions/build-request.ts";
import { callAction } from "../../src/agent/actions/call.ts";
import { type ActionDefinition, ActionDefinitionError, loadActions } from "../../src/agent/actions/definition.ts";
import { explicitCall } from "../../src/agent/gate/grant.ts";
import { DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { tempDir } from "../helpers/sandbox.ts";

const actions = await loadActions(DEFAULT_ACTIONS_DIR);
const action = (name: string) => actions.find((candidate) => candidate.name === name) as ActionDefinition;
const CONTEXT = { end_user_id: "0b6f3a5e-6c1d-4f47-9a2b-3c4d5e6f7a81", wallet_prefix: "/api/wallet" };

test("the shipped actions load and cover the spec's", () => {
  assert.deepEqual(actions.map((candidate) => candidate.name).sort(), [
    "add_to_cart",
    "get_orders",
    "get_spending_income_insights",
    "get_transaction_status",
    "get_wallet",
    "list_transactions",
    "search_products",
  ]);
  assert.deepEqual(action("get_spending_income_insights").parameters.required, ["period"]);
  assert.deepEqual(action("get_spending_income_insights").parameters.properties.period?.enum, [
    "7d",
    "30d",
    "90d",
    "1y",
  ]);
  assert.deepEqual(action("get_transaction_status").parameters.required, ["transaction_id"]);
});

test("substitution", async (t) => {
  await t.test("placeholders are URL-encoded; the mapping renames query to q", () => {
    assert.equal(
      buildRequest(action("search_products"), { query: "rice & beans/ofada?" }, CONTEXT).path,
      "/api/agent/products?q=rice%20%26%20beans%2Fofada%3F",
    );
  });
  await t.test("literals are sent as written; the context's prefix is kept as a path", () => {
    assert.equal(
      buildRequest(action("get_spending_income_insights"), { period: "7d" }, CONTEXT).path,
      "/api/wallet/transactions?period=7d&include_insights=true",
    );
    assert.equal(
      buildRequest(
        action("get_transaction_status"),
        { transaction_id: "txn/../x" },
        { ...CONTEXT, wallet_prefix: "/v2/money" },
      ).path,
      "/v2/money/transactions/txn%2F..%2Fx",
    );
  });
  await t.test("optional query parameters without a value are left out", () => {
    assert.equal(buildRequest(action("get_orders"), {}, CONTEXT).path, "/api/agent/orders");
    assert.equal(
      buildRequest(action("get_orders"), { order_id: "ORD-7F3K2Q" }, CONTEXT).path,
      "/api/agent/orders?order_id=ORD-7F3K2Q",
    );
    assert.equal(
      buildRequest(action("list_transactions"), { direction: "income", include_insights: true }, CONTEXT).path,
      "/api/wallet/transactions?direction=income&include_insights=true",
    );
  });
  await t.test("the body keeps types, and the schema's defaults fill what is left out", () => {
    assert.deepEqual(JSON.parse(buildRequest(action("add_to_cart"), { product_id: "ofada-rice-5kg" }, CONTEXT).body!), {
      product_id: "ofada-rice-5kg",
      quantity: 1,
    });
    assert.deepEqual(JSON.parse(buildRequest(action("add_to_cart"), { product_id: "x", quantity: 3 }, CONTEXT).body!), {
      product_id: "x",
      quantity: 3,
    });
  });
  const invalid: [string, string, Record<string, unknown>, RegExp, string?][] = [
    ["a missing required parameter", "get_transaction_status", {}, /needs "transaction_id"/, "transaction_id"],
    [
      "a value outside the enum, naming the allowed ones",
      "get_spending_income_insights",
      { period: "2w" },
      /"period" must be equal to one of the allowed values: 7d, 30d, 90d, 1y/,
    ],
    ["a number as a string (no coercion)", "add_to_cart", { product_id: "x", quantity: "2" }, /quantity.*integer/],
    ["an unknown parameter", "get_orders", { orderId: "x" }, /orderId/],
    ["a malformed order reference", "get_orders", { order_id: "7F3K2Q" }, /order_id/],
  ];
  for (const [name, actionName, parameters, message, missing] of invalid) {
    await t.test(`${name} fails before any request`, () => {
      assert.throws(
        () => buildRequest(action(actionName), parameters, CONTEXT),
        (error: unknown) =>
          error instanceof ActionInputError && message.test(error.message) && error.missing === missing,
      );
    });
  }
  await t.test("a URL placeholder with no value fails too", () => {
    const custom = { ...action("get_orders"), url: "/api/agent/orders/{{order_id}}" };
    assert.throws(
      () => buildRequest(custom, {}, CONTEXT),
      (error: unknown) => error instanceof ActionInputError && error.missing === "order_id",
    );
  });
});

test("a transcript masks what it sent by the journal's rule: headers, query and body", async (t) => {
  // What reached the server, to show that the transcript masks only what it keeps.
  const received: { url?: string; headers?: Record<string, unknown>; body?: string } = {};
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      Object.assign(received, { url: request.url, headers: request.headers, body });
      response.setHeader("content-type", "application/json");
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  const opaque = "opaque-7f3a9c2e";
  const sending: ActionDefinition = {
    name: "send_secrets",
    description: "Sends secrets the way a team's action may",
    service: "storefront",
    method: "POST",
    url: "/api/anything",
    auth: "bff",
    query: { period: "7d", sig: `sig-${opaque}`, passwd: `passwd-${opaque}`, keyword: "rice" },
    headers: {
      "Ocp-Apim-Subscription-Key": `subscription-${opaque}`,
      "X-Session-Id": `session-${opaque}`,
      accept: "application/json",
    },
    body: {
      private_key: `key-${opaque}`,
      payload: JSON.stringify({ api_key: `nested-${opaque}` }),
      token_type: "Bearer",
      quantity: 2,
    },
    parameters: { type: "object", properties: {} },
  };
  const target = {
    urls: { storefront: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    serviceToken: `service-token-${opaque}`,
    walletPrefix: "/api/wallet",
    endUserId: CONTEXT.end_user_id,
    endUserName: "Ada",
    walletToken: () => Promise.resolve(""),
  };
  const call = await callAction(sending, {}, target, explicitCall(sending, {}));

  assert.equal(received.headers?.["ocp-apim-subscription-key"], `subscription-${opaque}`, "sent as it is");
  assert.equal(call.request.url, `${target.urls.storefront}/api/anything?period=7d&sig=***&passwd=***&keyword=rice`);
  assert.deepEqual(call.request.headers, {
    "Ocp-Apim-Subscription-Key": "***",
    "X-Session-Id": "***",
    accept: "application/json",
    authorization: "Bearer ***",
    "x-end-user-id": CONTEXT.end_user_id,
  });
  assert.deepEqual(call.request.body, {
    private_key: "***",
    payload: JSON.stringify({ api_key: "***" }),
    token_type: "Bearer",
    quantity: 2,
  });
  assert.doesNotMatch(JSON.stringify(call), new RegExp(opaque));
});

test("broken definitions are errors naming the file and the field", async (t) => {
  const valid = JSON.stringify(action("get_orders"));
  const cases: [string, string, RegExp][] = [
    ["not JSON", "{", /not valid JSON/],
    ["a missing field", JSON.stringify({ ...JSON.parse(valid), url: undefined }), /url/],
    ["an unknown field", JSON.stringify({ ...JSON.parse(valid), verb: "GET" }), /unknown field "verb"/],
    [
      "an unknown placeholder",
      JSON.stringify({ ...JSON.parse(valid), url: "/api/agent/orders/{{reference}}" }),
      /"url" uses \{\{reference\}\}/,
    ],
    ["a bad auth", JSON.stringify({ ...JSON.parse(valid), auth: "basic" }), /"auth"/],
    [
      "an understanding that fills no parameter",
      JSON.stringify({
        ...JSON.parse(valid),
        understanding: { summary: "s", intent: { orders: 3 }, parameters: { reference: { from: "search" } } },
      }),
      /"understanding.parameters.reference" fills no parameter/,
    ],
    [
      "an understanding with a broken pattern",
      JSON.stringify({
        ...JSON.parse(valid),
        understanding: { summary: "s", intent: {}, parameters: { order_id: { from: "pattern", pattern: "(" } } },
      }),
      /"pattern" is not a valid regular expression/,
    ],
    [
      "an unknown fill",
      JSON.stringify({
        ...JSON.parse(valid),
        understanding: { summary: "s", intent: {}, parameters: { order_id: { from: "guess" } } },
      }),
      /understanding/,
    ],
    [
      "a bad parameter schema",
      JSON.stringify({ ...JSON.parse(valid), parameters: { type: "object", properties: { a: { type: "strin" } } } }),
      /not a valid JSON Schema/,
    ],
  ];
  for (const [name, content, message] of cases) {
    await t.test(name, async () => {
      const dir = join(await tempDir(t), "actions");
      await mkdir(dir);
      await writeFile(join(dir, "broken.json"), content);
      await assert.rejects(
        loadActions(dir),
        (error: unknown) =>
          error instanceof ActionDefinitionError &&
          error.message.includes(join(dir, "broken.json")) &&
          message.test(error.message),
      );
    });
  }
  await t.test("two actions with one name", async () => {
    const dir = await tempDir(t);
    await writeFile(join(dir, "a.json"), valid);
    await writeFile(join(dir, "b.json"), valid);
    await assert.rejects(loadActions(dir), /another action is already called get_orders/);
  });
});

test("an action's response schema: an answer it allows is read as ever, one it does not is said to be off it", async () => {
  const { callAction } = await import("../../src/agent/actions/call.ts");
  const { answerLine } = await import("../../src/agent/answer.ts");
  // A team's read-only action whose answer schema names the balance a number.
  const balance: ActionDefinition = {
    ...action("get_wallet"),
    name: "team_balance",
    understanding: undefined,
    response: { type: "object", required: ["balance"], properties: { balance: { type: "number" } } },
  };
  const answering =
    (body: unknown): typeof fetch =>
    async () =>
      Response.json(body);
  const target = (body: unknown) => ({
    urls: { host: "http://host.test" },
    serviceToken: "service-token",
    walletPrefix: CONTEXT.wallet_prefix,
    endUserId: CONTEXT.end_user_id,
    endUserName: "Ada Okafor",
    walletToken: async () => "wallet-token",
    fetch: answering(body),
  });
  const fine = await callAction(balance, {}, target({ balance: 12.5, currency: "NGN" }));
  assert.equal(fine.response.offSchema, undefined);
  assert.equal(answerLine(fine, undefined, [balance]), "team_balance answered 200.");
  const off = await callAction(balance, {}, target({ balance: "12.50" }));
  assert.equal(off.response.offSchema, "/balance must be number");
  assert.equal(
    answerLine(off, undefined, [balance]),
    "The team_balance call answered 200 with a body its action's schema does not allow: /balance must be number.",
  );
});

test("a response that is no JSON Schema is refused when the action loads, naming the file", async (t) => {
  const dir = await tempDir(t);
  const { understanding: _, ...wallet } = action("get_wallet");
  await writeFile(join(dir, "team.json"), JSON.stringify({ ...wallet, name: "team", response: { type: "nonsense" } }));
  await assert.rejects(
    loadActions(dir),
    (error: unknown) =>
      error instanceof ActionDefinitionError && /team\.json: "response" is not a valid JSON Schema/.test(error.message),
  );
});
