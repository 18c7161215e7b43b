import assert from "node:assert/strict";
import { test } from "node:test";
import { signInAsApp } from "../../src/agent/as-app.ts";
import type { StartedSandbox } from "../../src/index.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { KEY, type RenderedTui, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

// The sandbox's default wallet prefix (the helper's settings assume another).
const settingsFor = (sandbox: StartedSandbox, urls = sandbox.urls) => uiSettings({ ...sandbox, urls });

/** Signs Ada in on screen 1 (the first demo user), then opens the agent screen. */
async function signInAndOpenAgent(ui: RenderedTui, signedIn = "wallet     ✓ signed in as Ada"): Promise<void> {
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor(signedIn);
  await ui.press("6");
  await ui.waitFor("acting for Ada Okafor");
}

/** What Ada's app does after login: both agent sessions registered (over HTTP, as the app would). */
async function registerSessions(sandbox: StartedSandbox): Promise<void> {
  await signInAsApp(sandbox.urls, sandbox.users[0]!);
}

/** The frame's lines joined, for text the screen wraps. */
const flat = (frame: string) => frame.replace(/\s*\n\s*/g, " ");

async function askQuestion(ui: RenderedTui, question: string): Promise<void> {
  await ui.press("a");
  await ui.waitFor("Esc leaves the field");
  await ui.type(question);
  await ui.press(KEY.enter);
}

test("agent: a question is resolved and called on the wallet (oauth), with the request redacted and the one-line answer", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, settingsFor(sandbox));
  await signInAndOpenAgent(ui);
  await askQuestion(ui, "how much did I spend this month?");
  const frame = await ui.waitFor("= Over the last 30 days (");
  assert.match(frame, /Action {3}get_spending_income_insights \{"period":"30d"\}/);
  assert.match(
    frame,
    /Request {2}GET http:\/\/127\.0\.0\.1:\d+\/api\/wallet\/transactions\?period=30d&include_insights=true/,
  );
  assert.match(frame, /authorization: Bearer \*\*\*/);
  assert.match(frame, /Response 200/);
  assert.match(frame, /"insights": \{|"transactions": \[/);
  assert.ok(!frame.includes(ui.services.store.state.logins.wallet!.token), "the wallet token is never drawn");
  assert.ok(
    ui.services.traffic.entries.some((entry) => entry.url.includes("/api/wallet/transactions?period=30d")),
    "the agent's call is in the traffic log",
  );
});

test("agent: a balance question sends the same agent calls from the UI as from `agent ask` (no catalog read first)", async (t) => {
  const sandbox = await startUiSandbox(t);
  await registerSessions(sandbox);
  const agentCalls = async () =>
    (await sandbox.controls.journal({ agent: true })).entries.map((entry) => `${entry.method} ${entry.path}`);
  const ui = renderTui(t, settingsFor(sandbox));
  await signInAndOpenAgent(ui);
  await sandbox.controls.clearJournal();
  await askQuestion(ui, "What's my balance?");
  await ui.waitFor("= Your balance is");
  const fromUi = await agentCalls();

  await sandbox.controls.clearJournal();
  const cli = await runInProcess(
    ["agent", "ask", "What's my balance?", "--user", "ada@example.com", "--data-dir", sandbox.dataDir],
    {},
    20_000,
  );
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(cli.stdout, /^= Your balance is/m);
  const fromCli = await agentCalls();

  assert.deepEqual(fromUi, fromCli);
  assert.ok(fromUi.length > 0, "the question was answered by an agent call");
  assert.ok(!fromUi.includes("GET /api/agent/products"), "a wallet question does not read the catalog");
});

test("agent: a negated add is not made; the answer says so, and only a read reaches the storefront", async (t) => {
  const sandbox = await startUiSandbox(t);
  await registerSessions(sandbox);
  const ui = renderTui(t, settingsFor(sandbox));
  await signInAndOpenAgent(ui);
  await sandbox.controls.clearJournal();
  await askQuestion(ui, "don't add the eggs, add 2 yams");
  const frame = flat(await ui.waitFor("Added 2 × Abuja Yam"));
  assert.match(frame, /= I haven't added Fresh Eggs \(you said not to\)\. Added 2 × Abuja Yam/);
  const writes = (await sandbox.controls.journal({ agent: true, method: "POST" })).entries;
  assert.deepEqual(
    writes.map((entry) => JSON.parse(entry.request.body?.text ?? "null")),
    [{ product_id: "abuja-yam-1-tuber", quantity: 2 }],
  );
});

test("agent: a follow-up question is answered in place, then the call is made", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, settingsFor(sandbox));
  await signInAndOpenAgent(ui);
  await askQuestion(ui, "did my transfer go through?");
  let frame = await ui.waitFor("Waiting for your answer");
  assert.match(frame, /Answer:/);
  assert.match(frame, /↳ Which transaction\? Give its id/);
  await ui.type("txn_ada_0002");
  await ui.press(KEY.enter);
  frame = await ui.waitFor(/= txn_ada_0002 \(.*\): Failed\./);
  assert.match(frame, /↳ Which transaction\? .* → txn_ada_0002/);
  assert.match(frame, /Request {2}GET .*\/api\/wallet\/transactions\/txn_ada_0002/);

  // Esc cancels a follow-up: nothing is sent, the keys work again.
  await askQuestion(ui, "did it fail?");
  await ui.waitFor("Waiting for your answer");
  await ui.press(KEY.escape);
  frame = flat(await ui.waitFor("0–8 screens"));
  assert.doesNotMatch(frame, /Waiting for your answer/);
  // The previous call's request and response are gone: this question's result says nothing was sent.
  assert.match(frame, /= Cancelled: the follow-up question was not answered, so nothing was sent\./);
  assert.match(frame, /↳ Which transaction\? .*\(not answered\)/);
  assert.match(frame, /Request +nothing was sent/);
  assert.doesNotMatch(frame, /transactions\/txn_ada_0002/);
  await ui.press("1");
  await ui.waitFor("Demo users");
});

test("agent: an action picked from the list, its parameter filled, is called on the storefront (BFF) with the secrets redacted", async (t) => {
  const sandbox = await startUiSandbox(t);
  await registerSessions(sandbox);
  const ui = renderTui(t, settingsFor(sandbox));
  await signInAndOpenAgent(ui);
  await ui.press("l");
  // More actions than rows, once read: the list says there is more.
  assert.match(await ui.waitFor(/more below ↓ \(\d+\)/), /Actions \(↑↓, Enter fills its parameters\)/);
  await ui.press(KEY.pageDown, KEY.pageDown, KEY.enter);
  let frame = await ui.waitFor("[ Call search_products ]");
  assert.match(frame, /❯ query\* +\(not set\) string/);
  await ui.press(KEY.enter);
  await ui.type("rice");
  await ui.press(KEY.enter);
  await ui.waitFor(/query\* +rice/);
  await ui.press("c");
  frame = await ui.waitFor("= Found ");
  assert.match(frame, /Action {3}search_products \{"query":"rice"\}/);
  assert.match(frame, /GET http:\/\/127\.0\.0\.1:\d+\/api\/agent\/products\?q=rice/);
  assert.match(frame, /authorization: Bearer \*\*\* · x-end-user-id: /);
  assert.match(frame, /"items": \[/);
  assert.ok(!frame.includes(sandbox.secrets.bffServiceToken), "the service token is never drawn");
  assert.equal(
    ui.services.store.state.agentSessions.storefront,
    true,
    "the status bar learns the storefront session is there",
  );

  // An enum parameter offers its values with ←/→.
  await ui.press(KEY.escape);
  await ui.waitFor("Actions (↑↓");
  await ui.press(KEY.up, KEY.enter);
  frame = await ui.waitFor("[ Call list_transactions ]");
  await ui.press(KEY.right, KEY.right);
  await ui.waitFor(/❯ period +30d/);
});

test("agent: not signed in, the screen says to sign in first", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, settingsFor(sandbox));
  await ui.press("6");
  await ui.waitFor("Not signed in: Sign in first (key 1)");
  await askQuestion(ui, "what is my balance?");
  const frame = await ui.waitFor("✗ Sign in first (key 1)");
  assert.match(frame, /No call yet/);
});

test("agent: without registered sessions the BFF's answer is the answer, with what to do", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, settingsFor(sandbox));
  await signInAndOpenAgent(ui);
  await askQuestion(ui, "do you have rice?");
  const frame = flat(await ui.waitFor("No active session for this user"));
  assert.match(frame, /Response 401/);
  assert.match(
    frame,
    /= The search_products call failed: 401 no_active_session \(No active session for this user\)\. Press 4 to register the sessions\./,
  );
  assert.equal(ui.services.store.state.agentSessions.storefront, false, "the status bar learns there is no session");
});

test("agent: a 503 from the storefront is the answer; a storefront that is down is an error in place; the UI stays usable", async (t) => {
  const sandbox = await startUiSandbox(t);
  await registerSessions(sandbox);
  await sandbox.controls.addFault({ service: "storefront", route: "GET /api/agent/products", status: 503 });
  const ui = renderTui(t, settingsFor(sandbox));
  await signInAndOpenAgent(ui);
  await askQuestion(ui, "do you have rice?");
  let frame = await ui.waitFor("= The search_products call failed: 503");
  assert.match(frame, /Response 503/);

  const down = renderTui(t, settingsFor(sandbox, { ...sandbox.urls, storefront: "http://127.0.0.1:9" }));
  await signInAndOpenAgent(down, "storefront ✗");
  await askQuestion(down, "do you have beans?");
  frame = await down.waitFor("✗ The storefront does not answer at http://127.0.0.1:9");
  await askQuestion(down, "what is my balance?");
  frame = await down.waitFor("= Your balance is");
  assert.doesNotMatch(frame, /✗ The storefront/);
});

test("agent: a long answer is shown in full, wrapped over as many lines as it takes", async () => {
  const { render } = await import("ink-testing-library");
  const { ServicesProvider } = await import("../../src/tui/context.tsx");
  const { createTuiServices } = await import("../../src/tui/run.tsx");
  const { AgentResult, answerLines } = await import("../../src/tui/screens/agent/AgentResult.tsx");
  const services = createTuiServices(
    uiSettings({
      urls: { storefront: "http://127.0.0.1:9" },
      users: [],
      secrets: { bffServiceToken: "s", signingSecret: "s", controlToken: "c" },
    } as unknown as StartedSandbox),
  );
  const words = Array.from({ length: 60 }, (_, index) => `word${index}`);
  const run = { action: "get_balance", parameters: {}, answer: `${words.join(" ")} end.` };
  const answer = answerLines(run, 60);
  assert.ok(answer.length > 3, "the answer takes several lines");
  const view = render(
    <ServicesProvider services={services}>
      <AgentResult run={run} jsonHeight={2} offset={0} answer={answer} />
    </ServicesProvider>,
  );
  const shown = flat(view.lastFrame() ?? "");
  assert.match(shown, new RegExp(`= ${words.join(" ")} end\\.`));
  view.unmount();
});
