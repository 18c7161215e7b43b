import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import type { FaultSpec } from "../../src/contracts/controls/fault.ts";
import { SandboxError } from "../../src/errors.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";
import { tokenRequest } from "../helpers/oauth.ts";
import { ADA, errorBody, startTestSandbox } from "../helpers/sandbox.ts";

const quiet = { start: { logError: () => {} } };

test("a fault at rate 1 answers in the service's own error shape, as many times as it says, then is gone", async (t) => {
  const sandbox = await startTestSandbox(t, quiet);
  const controls = new ControlsClient(sandbox.url);
  const token = await sandbox.login();
  const fault = await controls.addFault({
    service: "storefront",
    route: "POST /api/cart/items",
    status: 503,
    times: 2,
  });
  assert.deepEqual(fault, {
    id: "f1",
    service: "storefront",
    route: "POST /api/cart/items",
    status: 503,
    rate: 1,
    times: 2,
    dropStream: false,
    fired: 0,
  });

  for (const left of [1, undefined]) {
    const answer = await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" });
    assert.equal(answer.status, 503);
    const body = await errorBody(answer);
    assert.equal(body.code, "injected_fault");
    assert.deepEqual(body.details, { faultId: "f1" });
    assert.match(body.error, /^Injected fault f1: POST \/api\/cart\/items on the storefront answers 503/);
    assert.deepEqual(
      (await controls.faults()).map((listed) => listed.times),
      left === undefined ? [] : [left],
    );
  }
  assert.equal((await sandbox.as(token, "/api/products")).status, 200, "other routes are untouched");
  const through = await sandbox.addToCart(token, { product_id: "ofada-rice-5kg" });
  assert.equal(through.status, 200, "used up, the fault is gone");
  assert.equal(
    ((await through.json()) as { items: { quantity: number }[] }).items[0]?.quantity,
    1,
    "the faulted requests never reached the route",
  );
});

test("the wallet's token endpoint answers an injected fault in RFC 6749's shape", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet", ...quiet });
  await new ControlsClient(wallet.url).addFault({ service: "wallet", route: "POST /oauth/token", status: 503 });
  const answer = await tokenRequest(wallet.url, { grant_type: "authorization_code", code: "x" });
  assert.equal(answer.status, 503);
  const body = (await answer.json()) as Record<string, string>;
  assert.equal(body.error, "temporarily_unavailable");
  assert.match(body.error_description ?? "", /^Injected fault f1/);
});

test("a fault at rate 0.5 fires on about half of 200 requests", async (t) => {
  const sandbox = await startTestSandbox(t, quiet);
  const controls = new ControlsClient(sandbox.url);
  const token = await sandbox.login();
  await controls.addFault({ service: "storefront", route: "GET /api/products", status: 500, rate: 0.5 });
  let failed = 0;
  for (let call = 0; call < 200; call += 1) {
    const answer = await sandbox.as(token, "/api/products");
    await answer.body?.cancel();
    if (answer.status === 500) failed += 1;
    else assert.equal(answer.status, 200);
  }
  // Binomial(200, 0.5): 60 to 140 is more than 5 standard deviations either side of 100.
  assert.ok(failed >= 60 && failed <= 140, `${failed} of 200 failed`);
  assert.equal((await controls.faults())[0]?.fired, failed);
});

test("a delay alone lets the request through after it; with a status, the error comes after it", async (t) => {
  const timers = new ManualTimers();
  const sandbox = await startTestSandbox(t, { start: { ...quiet.start, timers } });
  const controls = new ControlsClient(sandbox.url);
  const token = await sandbox.login();
  /** The request's status, once the server waited `delay` (one in its range) and the test let it go by. */
  const afterDelay = async (delay: (ms: number) => boolean, elapse: number) => {
    let answered = false;
    const status = sandbox.as(token, "/api/products").then(async (answer) => {
      answered = true;
      await answer.body?.cancel();
      return answer.status;
    });
    await timers.scheduled(delay);
    assert.equal(answered, false, "held while the delay runs");
    timers.advance(elapse);
    return status;
  };
  await controls.addFault({ service: "storefront", route: "GET /api/products", delay: "300ms", times: 1 });
  assert.equal(await afterDelay((ms) => ms === 300, 300), 200);

  await controls.addFault({ service: "storefront", route: "GET /api/*", delay: "100ms-200ms", times: 3 });
  for (let call = 0; call < 3; call += 1)
    assert.equal(await afterDelay((ms) => ms >= 100 && ms <= 200, 200), 200, "a delay within the range");
  const unfaulted = await withDeadline(sandbox.as(token, "/api/products"), 5000, "an answer without a delay");
  assert.equal(unfaulted.status, 200, "used up");
  await unfaulted.body?.cancel();

  await controls.addFault({ service: "storefront", route: "* /api/products", delay: "200ms", status: 429, times: 1 });
  assert.equal(await afterDelay((ms) => ms === 200, 200), 429);
});

test("faults match what the client sent: HEAD as GET, the agent's route by its own path, the host app's calls to the wallet, never the controls", async (t) => {
  const sandbox = await startFullSandbox(t, {});
  const url = sandbox.urls.storefront!;
  const controls = new ControlsClient(url);
  await sessionRequest(url, "POST", { userId: ADA.id, token: await loginAt(url) });
  const addItem = () =>
    asAgent(url, "/api/agent/cart/items", ADA.id, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ product_id: "ofada-rice-5kg" }),
    });

  await controls.addFault({ service: "storefront", route: "POST /api/cart/items", status: 503 });
  assert.equal((await addItem()).status, 200, "the agent route's in-process call is not the client's request");
  await controls.clearFaults();
  await controls.addFault({ service: "storefront", route: "POST /api/agent/cart/items", status: 502, times: 1 });
  assert.equal((await addItem()).status, 502);

  const host = sandbox.urls.host!;
  await sessionRequest(host, "POST", { userId: ADA.id, token: await loginAt(sandbox.urls.wallet!) });
  await controls.addFault({ service: "wallet", route: "GET /api/wallet/balance", status: 503, times: 1 });
  const passedOn = await asAgent(host, "/api/agent/wallet", ADA.id);
  assert.equal(passedOn.status, 503, "the host app calls the wallet as a client: the wallet's fault reaches it");
  assert.equal((await errorBody(passedOn)).code, "injected_fault");

  await controls.addFault({ service: "storefront", route: "* /*", status: 503 });
  assert.equal((await fetch(`${url}/health`, { method: "HEAD" })).status, 503);
  assert.equal((await fetch(`${url}/api/nothing-here`)).status, 503);
  assert.equal((await controls.health()).status, "ok", "the controls are never faulted");
  assert.equal((await fetch(`${sandbox.urls.wallet}/health`)).status, 200, "a fault belongs to one server");
  const cleared = await controls.clearFaults();
  assert.deepEqual(
    cleared.map((fault) => fault.route),
    ["* /*"],
  );
  assert.equal((await fetch(`${url}/health`)).status, 200);
});

test("a fault that would never fire, or says nothing to do, is refused naming the field", async (t) => {
  const sandbox = await startTestSandbox(t);
  const controls = new ControlsClient(sandbox.url);
  const base = { service: "storefront", route: "GET /api/products", status: 503 };
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ ...base, service: "shop" }, "service", /one of storefront, wallet, host/],
    [{ ...base, service: "wallet" }, "service", /does not run in this sandbox/],
    [{ ...base, route: "/api/products" }, "route", /a method .* and a path/],
    [{ ...base, route: "FETCH /api/products" }, "route", /a method/],
    [{ ...base, route: "GET /api/products?q=rice" }, "route", /a path/],
    [{ ...base, route: "GET /api/prodcts" }, "route", /no route at \/api\/prodcts/],
    [{ ...base, route: "DELETE /api/products" }, "route", /answers GET at \/api\/products, not DELETE/],
    [{ ...base, route: "GET /__sandbox/health" }, "route", /never touch/],
    [{ ...base, status: 200 }, "status", /from 400 to 599/],
    [{ ...base, status: "503" }, "status", /from 400 to 599/],
    [{ ...base, rate: 1.5 }, "rate", /from 0 to 1/],
    [{ ...base, delay: "2s-1s" }, "delay", /low to high/],
    [{ ...base, delay: "11m" }, "delay", /at most 10m/],
    [{ ...base, times: 0 }, "times", /at least 1/],
    [{ ...base, dropStream: true }, "dropStream", /no status or delay/],
    [
      { service: "storefront", route: "GET /api/products" },
      "status",
      /needs a status, a delay, truncate or dropStream/,
    ],
  ];
  for (const [body, field, message] of cases) {
    await assert.rejects(
      controls.addFault(body as unknown as FaultSpec),
      (error: unknown) => {
        assert.ok(error instanceof SandboxError);
        assert.equal(error.code, "validation_error");
        assert.deepEqual(error.details, { field });
        assert.match(error.message, message);
        return true;
      },
      JSON.stringify(body),
    );
  }
  assert.deepEqual(await controls.faults(), []);
});

test("faults are cleared one by one or all at once; an unknown id is 404", async (t) => {
  const sandbox = await startTestSandbox(t);
  const controls = new ControlsClient(sandbox.url);
  const first = await controls.addFault({ service: "storefront", route: "GET /api/products", status: 503 });
  const second = await controls.addFault({ service: "storefront", route: "GET /api/orders", delay: "1s", rate: 0.25 });
  assert.deepEqual(
    (await controls.faults()).map((fault) => fault.id),
    [first.id, second.id],
  );
  assert.deepEqual(
    (await controls.clearFaults(first.id)).map((fault) => fault.id),
    [first.id],
  );
  await assert.rejects(
    controls.clearFaults(first.id),
    (error: unknown) => error instanceof SandboxError && error.code === "fault_not_found" && error.status === 404,
  );
  assert.deepEqual(await controls.faults(), [{ ...second, fired: 0 }]);
  assert.deepEqual(
    (await controls.clearFaults()).map((fault) => fault.id),
    [second.id],
  );
  assert.deepEqual(await controls.clearFaults(), []);
});
