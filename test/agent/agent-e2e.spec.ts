import assert from "node:assert/strict";
import { test } from "node:test";
import { callAction } from "../../src/agent/actions/call.ts";
import { loadActions } from "../../src/agent/actions/definition.ts";
import { actAs } from "../../src/agent/as-app.ts";
import { ask } from "../../src/agent/ask.ts";
import { explicitCall } from "../../src/agent/gate/grant.ts";
import { agentCatalog, DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { SERVICE_TOKEN, startFullSandbox } from "../helpers/agent.ts";
import { lines, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";

const actions = await loadActions(DEFAULT_ACTIONS_DIR);
const byName = (name: string) => actions.find((action) => action.name === name)!;

/** An action to call with `parameters`, and what its answer's body must show (typed as far as the check reads it). */
function actionCase<Body>(name: string, parameters: Record<string, unknown>, check: (body: Body) => void) {
  return { name, parameters, check: (body: unknown) => check(body as Body) };
}

test("each action, end to end against a started sandbox", async (t) => {
  const sandbox = await startFullSandbox(t);
  const [ada] = await loadDemoUsers();
  const servers = { urls: sandbox.urls, serviceToken: SERVICE_TOKEN, walletPrefix: "/api/wallet" };
  const { target } = await actAs(servers, ada!);
  const walletToken = await target.walletToken();
  const cases = [
    actionCase("search_products", { query: "rice" }, (body: { items: unknown[] }) => assert.ok(body.items.length >= 2)),
    actionCase("add_to_cart", { product_id: "ofada-rice-5kg" }, (body: { items: { quantity: number }[] }) =>
      assert.equal(body.items[0]?.quantity, 1),
    ),
    actionCase("get_orders", { order_id: "ORD-7F3K2Q" }, (body: { orders: { orderId: string }[] }) =>
      assert.equal(body.orders[0]?.orderId, "ORD-7F3K2Q"),
    ),
    actionCase("get_spending_income_insights", { period: "90d" }, (body: { insights: { spending: unknown } }) =>
      assert.equal(typeof body.insights.spending, "number"),
    ),
    actionCase("get_transaction_status", { transaction_id: "txn_ada_0002" }, (body: { status: string }) =>
      assert.equal(body.status, "Failed"),
    ),
    actionCase(
      "list_transactions",
      { period: "7d", direction: "income" },
      (body: { transactions: { direction: string }[] }) =>
        assert.ok(body.transactions.every((transaction) => transaction.direction === "income")),
    ),
    actionCase("get_wallet", { period: "30d", include_insights: true }, (body: { currency: string }) =>
      assert.equal(body.currency, "USD"),
    ),
  ];
  for (const { name, parameters, check } of cases) {
    await t.test(name, async () => {
      // Each action named with its values: an explicit call, as `agent call` and MCP make.
      const call = await callAction(byName(name), parameters, target, explicitCall(byName(name), parameters));
      assert.equal(call.response.status, 200, JSON.stringify(call.response.body));
      check(call.response.body);
      assert.equal(call.request.headers.authorization, "Bearer ***", "the transcript never shows a secret");
      assert.ok(!JSON.stringify(call).includes(SERVICE_TOKEN));
      assert.ok(!JSON.stringify(call).includes(walletToken));
    });
  }

  await t.test("a question with a follow-up: one question, the answer fills it, the call is retried", async () => {
    const asked: string[] = [];
    const transcript = await ask("Did my transfer go through?", {
      actions,
      target,
      catalog: await agentCatalog(target),
      reply: async (question) => {
        asked.push(question);
        return "txn_ada_0002";
      },
    });
    assert.equal(asked.length, 1);
    assert.equal(transcript.call?.request.url, `${sandbox.urls.wallet}/api/wallet/transactions/txn_ada_0002`);
    assert.match(transcript.answer, /txn_ada_0002 .*: Failed\./);
  });

  await t.test("without an answer, nothing is sent and the transcript says what is needed", async () => {
    const transcript = await ask("Did my transfer go through?", {
      actions,
      target,
      catalog: [],
      reply: async () => undefined,
    });
    assert.equal(transcript.call, undefined);
    assert.match(transcript.answer, /Which transaction/);
  });

  await t.test("the agent's BFF errors are answered in words", async () => {
    const transcript = await ask("show my orders", {
      actions,
      target: { ...target, serviceToken: "wrong-token" },
      catalog: [],
    });
    assert.equal(transcript.call?.response.status, 401);
    assert.match(transcript.answer, /invalid_service_token \(Invalid agent service token\)/);
  });
});

test("sandbox agent ask and call, run as commands against a running sandbox", { timeout: 60_000 }, async (t) => {
  const dataDir = await tempDir(t);
  const { cli } = await startInProcess(t, startArgs(dataDir));
  const asked = await runInProcess(
    ["agent", "ask", "What came in last week?", "--user", "ada@example.com", "--data-dir", dataDir, "--json"],
    {},
    20_000,
  );
  assert.equal(asked.code, 0, asked.stderr);
  const transcript = JSON.parse(asked.stdout) as {
    action: string;
    parameters: unknown;
    call: { request: { url: string }; response: { status: number } };
    answer: string;
  };
  assert.equal(transcript.action, "list_transactions");
  assert.deepEqual(transcript.parameters, { period: "7d", direction: "income", include_insights: true });
  assert.match(
    transcript.call.request.url,
    /\/api\/wallet\/transactions\?period=7d&direction=income&include_insights=true$/,
  );
  assert.match(transcript.answer, /came in over the last 7 days/);

  const followUp = await runInProcess(
    [
      "agent",
      "ask",
      "Did my transfer go through?",
      "--user",
      "ada@example.com",
      "--data-dir",
      dataDir,
      "--answer",
      "txn_ada_0002",
    ],
    {},
    20_000,
  );
  assert.equal(followUp.code, 0, followUp.stderr);
  assert.ok(lines(followUp.stdout).includes("> txn_ada_0002"));
  assert.match(followUp.stdout, /^= txn_ada_0002 .*: Failed\.$/m);
  assert.ok(!followUp.stdout.includes("dev-bff-service-token"), "the service token is redacted");

  const quiet = await runInProcess(
    ["agent", "ask", "What's my balance?", "--user", "ada@example.com", "--data-dir", dataDir],
    {},
    20_000,
  );
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.doesNotMatch(quiet.stdout, /app: signed/, "quiet by default");
  assert.equal(lines(quiet.stdout).filter((line) => line.startsWith("→ request")).length, 1);
  assert.match(
    quiet.stdout,
    /→ request GET http:\/\/[^ ]+\/api\/agent\/wallet\n/,
    "get_wallet asks for nothing the answer does not need",
  );
  const verbose = await runInProcess(
    [
      "agent",
      "ask",
      "What's my balance?",
      "--user",
      "ada@example.com",
      "--data-dir",
      dataDir,
      "--verbose",
      "--explain",
    ],
    {},
    20_000,
  );
  assert.match(verbose.stdout, /app: signed Ada Okafor in to the storefront/);
  assert.match(verbose.stdout, /^why$/m);
  assert.match(verbose.stdout, /^ {2}chosen {4}get_wallet \d+ \("balance" \+5/m);
  assert.match(verbose.stdout, /^ {2}runner-up /m);

  for (const question of ["Cancel my order ORD-7F3K2Q", "Send $50 to Tunde", "asdf qwerty", "show Tunde's orders"]) {
    const refusal = await runInProcess(
      ["agent", "ask", question, "--user", "ada@example.com", "--data-dir", dataDir],
      {},
      20_000,
    );
    assert.equal(refusal.code, 1, question);
    assert.match(refusal.stdout, /^→ refused \(nothing was sent\)$/m, question);
    assert.doesNotMatch(refusal.stdout, /→ request/, question);
    assert.match(refusal.stdout, /I can .*search the catalog/, question);
  }
  const about = await runInProcess(
    ["agent", "ask", "what can you do?", "--user", "ada@example.com", "--data-dir", dataDir],
    {},
    20_000,
  );
  assert.equal(about.code, 0, "a question about the agent is answered, not refused");
  assert.match(about.stdout, /^→ no call: a question about the agent \(nothing was sent\)$/m);
  assert.doesNotMatch(about.stdout, /→ request/);
  assert.match(about.stdout, /^= I'm the built-in agent of this sandbox, not a person\. I can .*search the catalog/m);
  const category = await runInProcess(
    ["agent", "ask", "what fruits do you have?", "--user", "ada@example.com", "--data-dir", dataDir],
    {},
    20_000,
  );
  assert.equal(category.code, 0, "a category is answered from the catalog the agent read");
  assert.match(category.stdout, /^→ no call: Fruits is a catalog category \(nothing was sent\)$/m);
  assert.match(category.stdout, /^= Fruits: .*Pineapple/m);
  const two = await runInProcess(
    ["agent", "ask", "add a crate of eggs and tell me my balance", "--user", "ada@example.com", "--data-dir", dataDir],
    {},
    20_000,
  );
  assert.equal(two.code, 0);
  assert.match(two.stdout, /^→ action {2}get_wallet \{\}$/m, "the read is made");
  assert.match(
    two.stdout,
    /^= I do one thing per request: ask "add a crate of eggs" separately\. Your balance is /m,
    "the change is said, not dropped or made",
  );

  const twoProducts = await runInProcess(
    ["agent", "ask", "add 5 tomatoes and 2 onions", "--user", "ada@example.com", "--data-dir", dataDir],
    {},
    20_000,
  );
  assert.equal(twoProducts.code, 1);
  assert.match(twoProducts.stdout, /one product per request/);
  assert.doesNotMatch(twoProducts.stdout, /→ request/);

  const banana = await runInProcess(
    ["agent", "ask", "add 2 rice", "--user", "ada@example.com", "--data-dir", dataDir, "--answer", "banana"],
    {},
    20_000,
  );
  assert.equal(banana.code, 1);
  assert.match(
    banana.stdout,
    /^= I need to know: banana matches no product; choose one of Ofada Rice, Local Rice, Long Grain Parboiled Rice\./m,
  );
  const twoAnswers = await runInProcess(
    [
      "agent",
      "ask",
      "add 2 rice",
      "--user",
      "ada@example.com",
      "--data-dir",
      dataDir,
      "--answer",
      "banana",
      "--answer",
      "ofada",
    ],
    {},
    20_000,
  );
  assert.equal(twoAnswers.code, 0, twoAnswers.stdout);
  assert.match(twoAnswers.stdout, /^= Added 2 × Ofada Rice, 5 kg bag each\. Your cart has/m);

  const missing = await runInProcess(
    ["agent", "call", "get_transaction_status", "--user", "ada@example.com", "--data-dir", dataDir],
    {},
    20_000,
  );
  assert.deepEqual([missing.code, missing.errorCode], [1, "action_input"]);
  assert.match(missing.stderr, /needs "transaction_id" \(nothing was sent\)/);

  const unanswered = await runInProcess(
    ["agent", "ask", "Did my transfer go through?", "--user", "ada@example.com", "--data-dir", dataDir, "--json"],
    {},
    20_000,
  );
  assert.equal(unanswered.code, 1, "no call made: exit 1");
  assert.match(
    (JSON.parse(unanswered.stdout) as { followUp: { question: string } }).followUp.question,
    /Which transaction/,
  );

  const mcpPort = await runInProcess(["mcp", "--user", "ada@example.com", "--data-dir", dataDir, "--http", "abc"]);
  assert.deepEqual([mcpPort.code, mcpPort.errorCode], [2, "flag_invalid"], "a usage error");
  assert.equal(lines(mcpPort.stderr).length, 1);
  assert.match(mcpPort.stderr, /--http takes a port/);

  const listed = await runInProcess(["agent", "actions", "--json"]);
  assert.equal((JSON.parse(listed.stdout) as unknown[]).length, 7);
  assert.equal((await cli.stop()).code, 0);
});
