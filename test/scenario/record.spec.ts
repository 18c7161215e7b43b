import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { loginAt, SERVICE_TOKEN, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { ADA, TUNDE, tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

test(
  "journal --scenario records a session by hand as a scenario that sandbox run replays green",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const sandbox = await startFullSandbox(t, {}, dataDir);
    const storefront = sandbox.urls.storefront!;
    const wallet = sandbox.urls.wallet!;
    // What a person does by hand: sign in, look up a product, let the agent add it, read orders and the balance.
    const token = await loginAt(storefront);
    const products = await fetch(`${storefront}/api/products?q=garri`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [garri] = ((await products.json()) as { items: { id: string }[] }).items;
    await sessionRequest(storefront, "POST", { userId: ADA.id, token });
    const added = await fetch(`${storefront}/api/agent/cart/items`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${SERVICE_TOKEN}`,
        "x-end-user-id": ADA.id,
        "content-type": "application/json",
      },
      body: JSON.stringify({ product_id: garri!.id, quantity: 3 }),
    });
    assert.equal(added.status, 200);
    await fetch(`${storefront}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
    // The app's cart stream, open for a moment: an event stream is no step to replay.
    const stream = new AbortController();
    const cart = await fetch(`${storefront}/api/cart/stream`, {
      headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
      signal: stream.signal,
    });
    await cart.body?.getReader().read();
    stream.abort();
    const walletToken = await loginAt(wallet);
    await fetch(`${wallet}/api/wallet/balance`, { headers: { authorization: `Bearer ${walletToken}` } });
    // The agent reads the wallet through the host app, which calls the wallet itself: one request to replay, not three.
    await sessionRequest(sandbox.urls.host!, "POST", { userId: ADA.id, token: walletToken });
    const hostRead = await fetch(`${sandbox.urls.host}/api/agent/wallet`, {
      headers: { authorization: `Bearer ${SERVICE_TOKEN}`, "x-end-user-id": ADA.id },
    });
    assert.equal(hostRead.status, 200);

    // Two requests a replay cannot send as the journal holds them: a token in the query, and a
    // body the server answered (401: Tunde has no agent session) without reading.
    await fetch(`${storefront}/api/orders?access_token=${token}`);
    const unread = await fetch(`${storefront}/api/agent/cart/items`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${SERVICE_TOKEN}`,
        "x-end-user-id": TUNDE.id,
        "content-type": "application/json",
      },
      body: JSON.stringify({ product_id: garri!.id, quantity: 1 }),
    });
    assert.equal(unread.status, 401);

    const recorded = await runInProcess(["journal", "--scenario", "--data-dir", dataDir]);
    assert.equal(recorded.code, 0, recorded.stderr);
    const yaml = recorded.stdout;
    assert.doesNotMatch(yaml, /eyJ[\w-]+\./, "no token is in it");
    assert.doesNotMatch(yaml, /ada-sandbox-pass|\*\*\*/, "no secret, masked or not, is in it");
    assert.doesNotMatch(
      yaml,
      /\/api\/auth\/login|\/api\/agent\/session/,
      "logins and session registrations are left to the runner",
    );
    assert.match(yaml, /as: ada@example\.com/);
    assert.match(yaml, /agent: ada@example\.com/);
    assert.match(yaml, /capture:\n\s+id: \$\.items\[0\]\.id/, "the product id is captured where it came back");
    assert.match(yaml, /product_id: \$\{id\}/, "and used as a variable where it is sent");
    assert.match(yaml, /Left out: GET \/api\/cart\/stream \(an event stream: use waitFor\)/);
    assert.match(yaml, /GET \/api\/orders \(its query held a secret\)/);
    assert.match(
      yaml,
      /POST \/api\/agent\/cart\/items \(its body was not kept: the server answered without reading it\)/,
    );
    assert.match(yaml, /server: host\n\s+path: \/api\/agent\/wallet/);
    assert.equal(
      yaml.match(/path: \/api\/wallet\/balance/g)?.length,
      1,
      "the host app's own call to the wallet is left out",
    );

    const file = join(dataDir, "flow.yaml");
    await writeFile(file, yaml);
    const replay = await runInProcess(["run", file]);
    assert.equal(replay.code, 0, replay.stdout + replay.stderr);
    assert.match(replay.stdout, /^1 passed, 0 failed$/m);
    assert.match(
      replay.stdout,
      /ok +2 POST storefront \/api\/agent\/cart\/items: POST \/api\/agent\/cart\/items → 200/,
    );

    const follow = await runInProcess(["journal", "--scenario", "--follow", "--data-dir", dataDir]);
    assert.equal(follow.code, 2);
    const both = await runInProcess(["journal", "--scenario", "--har", "--data-dir", dataDir]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--har and --scenario do not go together/);
    const nothing = await runInProcess([
      "journal",
      "--scenario",
      "--service",
      "host",
      "--method",
      "DELETE",
      "--data-dir",
      dataDir,
    ]);
    assert.equal(nothing.code, 1);
    assert.match(nothing.stderr, /The journal holds no request to record/);
  },
);

test(
  "a recorded literal ${baz} is written escaped ($${baz}), and the replay sends it as it was",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const sandbox = await startFullSandbox(t, {}, dataDir);
    const storefront = sandbox.urls.storefront!;
    const token = await loginAt(storefront);
    const sent = JSON.stringify({ product_id: "${baz}", quantity: 1 });
    const add = () =>
      fetch(`${storefront}/api/cart/items`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: sent,
      });
    assert.equal((await add()).status, 404);

    const recorded = await runInProcess(["journal", "--scenario", "--data-dir", dataDir]);
    assert.equal(recorded.code, 0, recorded.stderr);
    assert.match(recorded.stdout, /product_id: \$\$\{baz\}/);
    const file = join(dataDir, "literal.yaml");
    await writeFile(file, recorded.stdout);
    // Replayed against the same storefront, whose journal shows what the replay sent.
    const controls = new ControlsClient(storefront);
    await controls.clearJournal();
    const replay = await runInProcess(["run", file, "--storefront", storefront]);
    assert.equal(replay.code, 0, replay.stdout + replay.stderr);
    const { entries } = await controls.journal({ health: false });
    const replayed = entries.filter((entry) => entry.path === "/api/cart/items");
    assert.deepEqual(
      replayed.map((entry) => [entry.status, entry.request.body?.text]),
      [[404, sent]],
    );
  },
);
