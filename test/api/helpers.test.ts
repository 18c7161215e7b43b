import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  runScenarios,
  type SandboxError,
  type ScenarioResult,
  type StartedSandbox,
  scoreRuns,
  startSandbox,
} from "agent-commerce-sandbox";
import { PROJECT_ROOT, runCli, tempDir } from "../helpers/cli.ts";
import { loadedModules, RECORD_LOADS } from "../helpers/loaded-modules.ts";

let sandbox: StartedSandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(() => sandbox.close());

const subOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;

test("signIn: by email, id or the user itself, the storefront's and the wallet's tokens of that user", async () => {
  const ada = sandbox.users[0]!;
  for (const ref of [ada.email.toUpperCase(), ada.id, ada]) {
    const signedIn = await sandbox.signIn(ref);
    assert.deepEqual(signedIn.user, { id: ada.id, email: ada.email, name: ada.name });
    assert.equal(subOf(signedIn.storefrontToken!), ada.id);
    assert.equal(subOf(signedIn.walletToken!), ada.id);
  }
  const orders = await fetch(`${sandbox.urls.storefront}/api/orders`, {
    headers: { authorization: `Bearer ${(await sandbox.signIn(ada)).storefrontToken}` },
  });
  assert.equal(orders.status, 200, "the token is one the storefront takes");
});

test("signIn of someone who is no demo user: a SandboxError that names the users there are", async () => {
  await assert.rejects(sandbox.signIn("nobody@example.com"), (error: SandboxError) => {
    assert.equal(error.code, "user_not_found");
    assert.match(error.message, /"nobody@example\.com".*ada@example\.com/);
    return true;
  });
});

test("asAgent: the sessions registered as the app does, then the agent routes with the service token, typed", async () => {
  await sandbox.controls.clearJournal();
  const ada = sandbox.users[0]!;
  const agent = await sandbox.asAgent(ada.email);
  const products = await agent.products({ q: "garri" });
  assert.ok(products.kind === "answer", JSON.stringify(products));
  const garri = products.body.items[0]!;
  const added = await agent.addToCart(garri.id, 2);
  assert.ok(added.kind === "answer");
  assert.deepEqual(
    added.body.items.map((item) => [item.id, item.quantity]),
    [[garri.id, 2]],
  );
  const orders = await agent.orders();
  assert.equal(orders.status, 200);
  const wallet = await agent.wallet();
  assert.ok(wallet.kind === "answer", JSON.stringify(wallet));
  assert.equal(typeof wallet.body.balance, "number");
  // The journal saw the agent's requests, for Ada, with the service token.
  const seen = await sandbox.controls.expect(
    { method: "POST", path: "/api/agent/cart/items", user: ada.id, agent: true },
    1,
  );
  assert.ok(seen.ok, `expected 1 agent call, saw ${seen.matched}`);
  await sandbox.controls.reset();
});

test("asAgent: a refusal is an answer too, with its status and error code", async () => {
  const ada = sandbox.users[0]!;
  const agent = await sandbox.asAgent(ada);
  await sandbox.controls.advanceClock("25h");
  try {
    const orders = await agent.orders();
    assert.ok(orders.kind === "error");
    assert.equal(orders.status, 401);
    assert.equal(orders.body.code, "token_expired");
  } finally {
    await sandbox.controls.resetClock();
  }
});

test("cartStream: next() is the cart now, until() the first cart that matches, whoever changed it", async () => {
  const ada = sandbox.users[0]!;
  const cart = await sandbox.cartStream(ada);
  try {
    assert.deepEqual((await cart.next()).items, []);
    const agent = await sandbox.asAgent(ada);
    await agent.addToCart("ofada-rice-5kg");
    await agent.addToCart("ofada-rice-5kg");
    const two = await cart.until((each) => each.items[0]?.quantity === 2, { timeout: 5000 });
    assert.equal(two.items[0]!.id, "ofada-rice-5kg");
  } finally {
    cart.close();
    await sandbox.controls.reset();
  }
});

test("cartStream: until() gives up after its timeout and says the last cart it saw; after close(), next() says so", async () => {
  const cart = await sandbox.cartStream(sandbox.users[1]!);
  await assert.rejects(
    cart.until((each) => each.items.length > 0, { timeout: 200 }),
    (error: SandboxError) => {
      assert.equal(error.code, "cart_wait_timeout");
      assert.match(
        error.message,
        /^Waited 200 ms for a cart of .+ that matches, in vain; the last cart seen was \{"items":\[\],"subtotal":0\}\.$/,
      );
      return true;
    },
  );
  cart.close();
  await assert.rejects(cart.next(), (error: SandboxError) => {
    assert.equal(error.code, "cart_stream_ended");
    assert.match(error.message, /the stream was closed/);
    return true;
  });
});

test("cartStream: a stream the storefront refuses rejects with its status", async () => {
  await sandbox.controls.addFault({ service: "storefront", route: "GET /api/cart/stream", status: 503, times: 1 });
  try {
    await assert.rejects(sandbox.cartStream("ada@example.com"), (error: SandboxError) => {
      assert.equal(error.code, "cart_stream_refused");
      assert.equal(error.message, "The storefront answered 503 to ada@example.com's cart stream, not an event stream.");
      return true;
    });
  } finally {
    await sandbox.controls.clearFaults();
  }
});

test("runScenarios: the results `sandbox run --json` prints", async (t) => {
  const file = join(PROJECT_ROOT, "examples/scenarios/agent-adds-to-cart.yaml");
  const [results, cli] = await Promise.all([runScenarios([file]), runCli(t, ["run", "--json", file], {}, 60_000)]);
  const timeless = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v) => (key === "durationMs" ? 0 : v)));
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(timeless(results), timeless(JSON.parse(cli.stdout)));
  assert.equal(results[0]!.ok, true);
});

test("runScenarios: a file that cannot run rejects with each problem, before anything runs", async (t) => {
  const file = join(await tempDir(t), "bad.yaml");
  await writeFile(file, "name: bad\nsteps:\n  - reqest: {}\n");
  await assert.rejects(runScenarios([file]), (error: SandboxError) => {
    assert.equal(error.code, "scenario_invalid");
    assert.match(error.message, /bad\.yaml: \/steps\/0/);
    assert.match(error.message, /Nothing ran: fix the files above/);
    return true;
  });
  await assert.rejects(runScenarios([file], { jobs: 0 }), /jobs is a whole number from 1; got 0/);
  await assert.rejects(runScenarios([file], { repeat: 1.5 }), /repeat is a whole number from 1; got 1\.5/);
});

test("scoreRuns: pass^k and pass^1 of runScenarios' results with repeat, as `sandbox run --repeat --json` prints them", () => {
  const run = (n: number, ok: boolean): ScenarioResult => ({
    name: "cart",
    file: "cart.yaml",
    ok,
    steps: [],
    durationMs: 0,
    run: n,
    repeat: 2,
  });
  assert.deepEqual(scoreRuns([run(1, true), run(2, false)]), {
    repeat: 2,
    passHatK: 0,
    passHat1: 0.5,
    tasks: [{ name: "cart", file: "cart.yaml", passed: 1, failed: 1, notRun: 0 }],
  });
});

test("importing the package loads neither the agent nor the scenario runner; they load when used", async (t) => {
  const script = `import { startSandbox } from "agent-commerce-sandbox"; console.log("imported");`;
  const { code, stderr, stdout } = await runCli(t, [], { script, env: { NODE_OPTIONS: RECORD_LOADS } });
  assert.equal(code, 0, stderr);
  assert.equal(stdout.trim(), "imported");
  const ours = loadedModules(stderr).filter((url) => url.includes("/dist/"));
  assert.ok(ours.length > 0, "the loads were recorded");
  assert.deepEqual(
    ours.filter((url) => /\/(as-app|run-files|agent|ask|check|tui)[-.]/.test(url)),
    [],
  );
});
