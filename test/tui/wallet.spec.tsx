import assert from "node:assert/strict";
import { test } from "node:test";
import type { StartedSandbox } from "../../src/index.ts";
import type { Login } from "../../src/tui/state/store.ts";
import { KEY, type RenderedTui, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

/** The sandbox's wallet prefix (the default of --wallet-prefix, as uiSettings has it): where the faults go. */
const WALLET_PREFIX = "/api/wallet";

/** Signs in as the demo user on the given row of the list and opens the Orders and wallet screen. */
async function signInAndOpen(ui: RenderedTui, row = 0): Promise<string> {
  await ui.waitFor("Ada Okafor");
  await ui.press(...Array<string>(row).fill(KEY.down), KEY.enter);
  await ui.waitFor(/user: \w+@example\.com/);
  await ui.press("7");
  return ui.waitFor(/Insights 30d: income/);
}

/** Leaves the text field, and waits until the screen keys work again. */
async function leaveField(ui: RenderedTui): Promise<void> {
  await ui.press(KEY.escape);
  await ui.waitFor("0–8 screens");
}

async function walletLogin(sandbox: StartedSandbox): Promise<Login> {
  const user = sandbox.users[0]!;
  const response = await fetch(`${sandbox.urls.wallet}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return (await response.json()) as Login;
}

test("orders and wallet: not signed in, the screen says to sign in first", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("7");
  await ui.waitFor("Sign in first (key 1)");
});

test("orders and wallet: the orders, narrowed by the order-id filter as it is typed; a filter that matches none says so", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  let frame = await signInAndOpen(ui);
  frame = await ui.waitFor("4 of 4");
  assert.equal(frame.match(/ORD-\w+ +(Delivered|Processing)/g)?.length, 4);
  const [, reference] = /(ORD-\w+) +Processing/.exec(frame)!;

  await ui.press("/");
  await ui.type(reference!.slice(4, 7).toLowerCase());
  frame = await ui.waitFor("1 of 4");
  assert.equal(frame.match(/ORD-\w+ +(Delivered|Processing)/g)?.length, 1);
  assert.match(frame, new RegExp(`${reference} +Processing`));
  await ui.type("zz");
  frame = await ui.waitFor(/No order id contains "\w+zz"/);
  assert.match(frame, /0 of 4/);
  await leaveField(ui);
  assert.match(ui.frame(), /Insights 30d: income/, "the wallet below stays where it was");
});

test("orders and wallet: a user with no orders is told so; the wallet still shows", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAndOpen(ui, 1);
  const frame = await ui.waitFor("No orders yet for this user");
  assert.match(frame, /balance: [\d,]+\.\d\d USD/);
});

test("orders and wallet: the balance, the period's insights; p and d change the period and the direction; a new transaction shows after g", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  let frame = await signInAndOpen(ui);
  const balance = Number(/balance: ([\d,.]+) USD/.exec(frame)![1]!.replaceAll(",", ""));
  assert.match(frame, /Insights 30d: income [\d,.]+ · spending [\d,.]+ · net -?[\d,.]+ USD/);
  assert.match(frame, /\+[\d,.]+ Completed/);
  assert.match(frame, /-[\d,.]+ (Completed|Failed)/);

  await ui.press("p");
  frame = await ui.waitFor("Insights 90d: income");
  assert.match(frame, /period: 90d/);
  await ui.press("d");
  // The first row is income (the period's newest transaction is spending): the list is the new one.
  frame = await ui.waitFor(/direction: income[\s\S]*Description\n.* \+[\d,.]+ (Completed|Failed)/);
  assert.doesNotMatch(frame, / -[\d,.]+ (Completed|Failed)/, "income only");
  await ui.press("d");
  frame = await ui.waitFor(/direction: spending[\s\S]*Description\n.* -[\d,.]+ (Completed|Failed)/);
  assert.doesNotMatch(frame, / \+[\d,.]+ (Completed|Failed)/, "spending only");

  await ui.press("d", "p", "p");
  await ui.waitFor(/direction: all[\s\S]*Insights 7d: income/);
  await sandbox.controls.triggerTransaction({
    user: "ada@example.com",
    amount: 12.34,
    direction: "income",
    description: "Refund from the UI test",
  });
  await ui.press("g");
  frame = await ui.waitFor("Refund from the UI test");
  assert.match(frame, /\+12\.34 Completed Refund from the UI test/);
  assert.match(
    frame,
    new RegExp(
      `balance: ${(balance + 12.34).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`,
    ),
  );
});

test("orders and wallet: a 503 from the wallet is said in place; the orders still show", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAndOpen(ui);
  await sandbox.controls.addFault({ service: "wallet", route: `GET ${WALLET_PREFIX}/balance`, status: 503 });
  await ui.press("g");
  const frame = await ui.waitFor(/✗ Injected fault .*balance on the wallet answers 503/);
  assert.match(frame, /4 of 4/);
  assert.match(frame, /Last error: Injected fault/);
});

test("orders and wallet: the wallet down is said in place, not a crash", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings({ ...sandbox, urls: { ...sandbox.urls, wallet: "http://127.0.0.1:9" } }));
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("storefront: ada@example.com");
  await ui.press("7");
  await ui.waitFor("Not signed in to the wallet: sign in first (key 1)");
  let frame = await ui.waitFor("4 of 4");
  // Signed in while the wallet answered, and it went away since.
  ui.services.store.update((state) => ({ logins: { ...state.logins, wallet: undefined } }));
  const login = await walletLogin(sandbox);
  ui.services.store.update((state) => ({ logins: { ...state.logins, wallet: login } }));
  frame = await ui.waitFor("✗ The wallet does not answer at http://127.0.0.1:9: is the sandbox running?");
  assert.match(frame, /balance: —/);
});

test("orders and wallet: expired tokens (25 h later) give 401 in place, for the orders and the wallet", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAndOpen(ui);
  await sandbox.controls.advanceClock("25h");
  await ui.press("g");
  const frame = await ui.waitFor(/✗ .*\(401 token_expired\)[\s\S]*✗ .*\(401 token_expired\)/);
  assert.match(frame, /Last error: .*401 token_expired/);
});
