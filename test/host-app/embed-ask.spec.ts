import assert from "node:assert/strict";
import { test } from "node:test";
import type { AgentTarget } from "../../src/agent/actions/call.ts";
import { loadActions } from "../../src/agent/actions/definition.ts";
import { signInAsApp } from "../../src/agent/as-app.ts";
import { ask as agentAsk } from "../../src/agent/ask.ts";
import { DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import type { AskAnswer } from "../../src/contracts/host-app/embed-schemas.ts";
import { identityFor, postEmbed, startEmbedSandbox } from "../helpers/embed.ts";
import { ADA, errorBody, NGOZI } from "../helpers/sandbox.ts";

test("POST /embed/api/ask: the agent acts for the verified user only", async (t) => {
  const sandbox = await startEmbedSandbox(t);
  const { host } = sandbox;
  const ask = async (body: Record<string, unknown>) => {
    const response = await postEmbed(host, "ask", body);
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as AskAnswer;
  };
  /** The agent's requests (service token or a user's bearer token) the storefront and the wallet got since `after`. */
  const agentRequests = async (after: number) => {
    const storefront = await sandbox.controls.journal({ service: "storefront" }, { after });
    const wallet = await sandbox.controls.journal({ service: "wallet" }, { after });
    return [...storefront.entries, ...wallet.entries].filter((entry) => !entry.path.startsWith("/__sandbox"));
  };
  const lastId = async () => (await sandbox.controls.journal({}, { limit: 1 })).lastId;

  await t.test("no session registered: noSession, with the BFF's words and which session is missing", async () => {
    const identity = await identityFor(sandbox, ADA.id);
    const wallet = await ask({ question: "how much did I spend this month?", endUser: ADA.id, identity });
    assert.equal(wallet.noSession, true);
    assert.equal(
      wallet.answer,
      "No active session for this user: the app has not registered Ada Okafor's agent session with the host app (an app does so after login), so the agent cannot reach the wallet.",
    );
    assert.equal(wallet.call, undefined, "no wallet call without the user's wallet JWT");
    const orders = await ask({ question: "where are my orders?", endUser: ADA.id, identity });
    assert.equal(orders.noSession, true);
    assert.equal(orders.call?.status, 401);
    assert.equal(
      orders.answer,
      "No active session for this user: the app has not registered Ada Okafor's agent session with the storefront (an app does so after login), so the agent cannot reach the orders and the cart.",
    );
  });

  const identity = await identityFor(sandbox, ADA.id);
  const registered = await postEmbed(host, "sessions", { endUser: ADA.id, identity, session: "preview-test" });
  assert.equal(registered.status, 200, await registered.clone().text());

  await t.test("spending this month: an answer with an amount, and the call, redacted", async () => {
    const answer = await ask({ question: "how much did I spend this month?", endUser: ADA.id, identity });
    assert.equal(answer.action, "get_spending_income_insights");
    assert.match(answer.answer, /spent [\d,]+\.\d\d [A-Z]{3}/);
    assert.equal(answer.call?.status, 200);
    assert.equal(answer.call?.method, "GET");
    assert.match(answer.call?.url ?? "", new RegExp(`^${sandbox.urls.wallet}/api/wallet/transactions\\?period=30d`));
    assert.equal(answer.call?.headers.authorization, "Bearer ***");
    assert.equal(answer.noSession, undefined);
    assert.equal(answer.followUp, undefined);
  });

  await t.test("the chat answers as agent ask does: one agent, one clock, the same words", async () => {
    const ada = sandbox.users.find((user) => user.id === ADA.id)!;
    const { walletToken } = await signInAsApp(sandbox.urls, ada);
    const target: AgentTarget = {
      urls: sandbox.urls,
      serviceToken: sandbox.secrets.bffServiceToken,
      walletPrefix: "/api/wallet",
      endUserId: ada.id,
      endUserName: ada.name,
      walletToken: async () => walletToken!,
      now: async () => new Date((await sandbox.controls.clock()).now),
    };
    const actions = await loadActions(DEFAULT_ACTIONS_DIR);
    for (const question of [
      "what was my biggest expense last month",
      "how much have I sent my mum this month",
      "which orders are still processing",
      "what's in my cart?",
    ]) {
      const viaChat = await ask({ question, endUser: ADA.id, identity });
      const viaAsk = await agentAsk(question, { actions, target });
      assert.equal(viaChat.answer, viaAsk.answer, question);
    }
  });

  await t.test("a follow-up round trip: the question first, then the reply fills it", async () => {
    const first = await ask({ question: "what's the status of my transfer?", endUser: ADA.id, identity });
    assert.match(first.followUp?.question ?? "", /Which transaction\?/);
    assert.equal(first.answer, first.followUp?.question);
    assert.equal(first.call, undefined);
    const second = await ask({
      question: "what's the status of my transfer?",
      reply: "txn_ada_0002",
      endUser: ADA.id,
      identity,
    });
    assert.equal(second.followUp, undefined);
    assert.deepEqual(second.parameters, { transaction_id: "txn_ada_0002" });
    assert.match(second.answer, /^txn_ada_0002 .*: Failed\.$/);
    assert.equal(second.call?.status, 200);
  });

  await t.test("a BFF action: the service token and the user's id", async () => {
    const after = await lastId();
    const answer = await ask({ question: "add two bags of ofada rice", endUser: ADA.id, identity });
    assert.ok(
      (await agentRequests(after)).some(
        (entry) => entry.path === "/api/agent/cart/items" && entry.agent && entry.user === ADA.id,
      ),
      "the journal shows the agent's call",
    );
    assert.equal(answer.action, "add_to_cart");
    assert.equal(answer.call?.status, 200);
    assert.equal(answer.call?.headers["x-end-user-id"], ADA.id);
    assert.match(answer.answer, /Added 2 × Ofada Rice/);
  });

  await t.test("a negated add in the chat: the price is read, nothing reaches the cart", async () => {
    const after = await lastId();
    const answer = await ask({ question: "don't add the eggs, just check the price", endUser: ADA.id, identity });
    assert.equal(answer.action, "search_products");
    assert.match(answer.answer, /Fresh Eggs \(₦6,500/);
    const sent = await agentRequests(after);
    assert.ok(sent.some((entry) => entry.method === "GET" && entry.path === "/api/agent/products"));
    assert.deepEqual(
      sent.filter((entry) => entry.method !== "GET"),
      [],
      "the write rule sent no write",
    );
  });

  await t.test("without endUser the agent acts for the token's sub", async () => {
    assert.equal((await ask({ question: "what's my balance?", identity })).call?.status, 200);
  });

  await t.test("anonymous: catalog search works, nothing is sent for anyone", async () => {
    const after = await lastId();
    const answer = await ask({ question: "do you have rice?" });
    assert.equal(answer.action, "search_products");
    assert.match(answer.answer, /^Found \d+: .*Ofada Rice/);
    assert.equal(answer.call, undefined);
    const followUp = await ask({ question: "search for" });
    assert.equal(followUp.followUp?.question, "What should I look for?");
    assert.match((await ask({ question: "search for", reply: "garri" })).answer, /Garri/i);
    assert.deepEqual(await agentRequests(after), []);
  });

  await t.test("anonymous: a user action is 403 sign_in_required, and nothing is sent", async () => {
    const after = await lastId();
    for (const question of [
      "how much did I spend this month?",
      "add ofada rice",
      "what's the status of my transfer?",
    ]) {
      const response = await postEmbed(host, "ask", { question, endUser: ADA.id });
      assert.equal(response.status, 403, question);
      const body = await errorBody(response);
      assert.equal(body.code, "sign_in_required");
      assert.match(body.error, /^Sign in to /);
    }
    assert.deepEqual(await agentRequests(after), []);
  });

  await t.test(
    "anonymous: what no action serves gets the honest answer, not a sign-in prompt, and nothing is sent",
    async () => {
      const after = await lastId();
      for (const question of ["asdf qwerty", "please refund my last order"]) {
        const response = await postEmbed(host, "ask", { question });
        assert.equal(response.status, 200, question);
        const body = (await response.json()) as { answer: string; action: string; call?: unknown };
        assert.equal(body.action, "none", question);
        assert.match(body.answer, /I can /, question);
        assert.equal(body.call, undefined);
      }
      assert.deepEqual(await agentRequests(after), []);
    },
  );

  await t.test("a tampered endUser or an expired identity: 401, and no call is made", async () => {
    const after = await lastId();
    const expired = await identityFor(sandbox, ADA.id, { now: new Date(Date.now() - 3_600_000) });
    const cases = [
      { endUser: NGOZI.id, identity, code: "user_mismatch" },
      { endUser: ADA.id, identity: expired, code: "expired" },
      {
        endUser: ADA.id,
        identity: await identityFor(sandbox, ADA.id, { secret: "another-secret-of-at-least-thirty-two-bytes" }),
        code: "bad_signature",
      },
      { endUser: ADA.id, identity: "garbage", code: "malformed" },
    ];
    for (const { code, ...fields } of cases) {
      const response = await postEmbed(host, "ask", { question: "how much did I spend this month?", ...fields });
      assert.equal(response.status, 401, code);
      const text = await response.text();
      assert.ok(!text.includes(fields.identity), "the token is not echoed");
      const body = JSON.parse(text) as { code: string; details: { code: string; reason: string } };
      assert.equal(body.code, "identity_invalid");
      assert.equal(body.details.code, code);
      assert.equal(typeof body.details.reason, "string");
    }
    assert.deepEqual(await agentRequests(after), []);
  });

  await t.test("every ask verifies again: a token the clock has passed is refused", async () => {
    const short = await identityFor(sandbox, ADA.id, { ttlSeconds: 60 });
    assert.equal(
      (await postEmbed(host, "ask", { question: "what's my balance?", endUser: ADA.id, identity: short })).status,
      200,
    );
    await sandbox.controls.advanceClock("2m");
    try {
      const response = await postEmbed(host, "ask", {
        question: "what's my balance?",
        endUser: ADA.id,
        identity: short,
      });
      assert.equal(response.status, 401);
      assert.equal(((await errorBody(response)).details as { code: string }).code, "expired");
    } finally {
      await sandbox.controls.resetClock();
    }
  });

  await t.test("validation: clear 4xx in the JSON error shape", async () => {
    const long = "x".repeat(501);
    const cases: {
      name: string;
      body: unknown;
      headers?: Record<string, string>;
      status: number;
      code: string;
      field?: string;
    }[] = [
      { name: "bad JSON", body: "{question:", status: 400, code: "validation_error" },
      { name: "not an object", body: "[1]", status: 400, code: "validation_error" },
      { name: "no question", body: {}, status: 400, code: "validation_error", field: "question" },
      { name: "a blank question", body: { question: "   " }, status: 400, code: "validation_error", field: "question" },
      {
        name: "a question of 501 characters",
        body: { question: long },
        status: 400,
        code: "validation_error",
        field: "question",
      },
      {
        name: "a reply of 501 characters",
        body: { question: "status of my transfer", reply: long },
        status: 400,
        code: "validation_error",
        field: "reply",
      },
      {
        name: "a number for question",
        body: { question: 42 },
        status: 400,
        code: "validation_error",
        field: "question",
      },
      {
        name: "an object for identity",
        body: { question: "rice", identity: {} },
        status: 400,
        code: "validation_error",
        field: "identity",
      },
      {
        name: "null for endUser",
        body: { question: "rice", endUser: null },
        status: 400,
        code: "validation_error",
        field: "endUser",
      },
      {
        name: "a number for reply",
        body: { question: "rice", reply: 1 },
        status: 400,
        code: "validation_error",
        field: "reply",
      },
      {
        name: "text/plain",
        body: "question=rice",
        headers: { "content-type": "text/plain" },
        status: 415,
        code: "unsupported_media_type",
      },
      {
        name: "over 16 KiB",
        body: { question: "rice", padding: "x".repeat(17 * 1024) },
        status: 413,
        code: "payload_too_large",
      },
      {
        name: "from another origin",
        body: { question: "rice" },
        headers: { origin: "http://evil.example" },
        status: 403,
        code: "forbidden_origin",
      },
    ];
    for (const { name, body, headers, status, code, field } of cases) {
      const response = await postEmbed(host, "ask", body, headers);
      assert.equal(response.status, status, name);
      const error = await errorBody(response);
      assert.equal(error.code, code, name);
      if (field) {
        assert.deepEqual(error.details, { field }, name);
        assert.match(error.error, new RegExp(`"${field}"`), name);
      }
    }
    assert.match(
      (await errorBody(await postEmbed(host, "ask", { question: "x", padding: "x".repeat(17 * 1024) }))).error,
      /16 KiB/,
    );
    assert.equal((await postEmbed(host, "ask", { question: "x".repeat(500) })).status, 200, "500 characters are fine");
    // Characters as a person counts them: 👍🏽 and 🇳🇬 are 4 UTF-16 units each, an e and its combining accent 2.
    const person = "👍🏽🇳🇬e\u0301a".repeat(125);
    assert.equal(person.length, 1375);
    assert.equal((await postEmbed(host, "ask", { question: person })).status, 200, "500 characters, 1,375 units");
    assert.equal(
      (await errorBody(await postEmbed(host, "ask", { question: `${person}👍🏽` }))).error,
      '"question" is 501 characters; at most 500 (as a person counts them: an emoji or an accented letter is one)',
    );
  });
});
