import assert from "node:assert/strict";
import { test } from "node:test";
import { loginAt } from "../helpers/agent.ts";
import { lines, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";
import { errorBody } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 60_000 };

test("sandbox fault add, list and clear on the running sandbox", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const { url } = await startInProcess(t, startArgs(dataDir));
  const fault = async (...args: string[]) => {
    const result = await runInProcess(["fault", ...args, "--data-dir", dataDir]);
    assert.equal(result.code, 0, result.stderr);
    return result.stdout;
  };

  assert.equal(
    await fault("add", "--service", "storefront", "--route", "POST /api/cart/items", "--status", "503", "--times", "2"),
    `Added fault f1 on the storefront: POST /api/cart/items answers 503, 2 times\n  (remove it with: npx sandbox fault clear f1 --data-dir ${dataDir})\n`,
  );
  const token = await loginAt(url);
  const answer = await fetch(`${url}/api/cart/items`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg" }),
  });
  assert.equal(answer.status, 503);
  assert.equal((await errorBody(answer)).code, "injected_fault");

  const slow = JSON.parse(
    await fault(
      "add",
      "--service",
      "wallet",
      "--route",
      "GET /api/wallet/*",
      "--delay",
      "100ms-2s",
      "--rate",
      "0.5",
      "--json",
    ),
  ) as Record<string, unknown>;
  assert.deepEqual(slow, {
    id: "f2",
    service: "wallet",
    route: "GET /api/wallet/*",
    rate: 0.5,
    delay: "100ms-2s",
    dropStream: false,
    fired: 0,
  });
  assert.match(
    await fault("add", "--service", "storefront", "--route", "get /api/cart/stream", "--drop-stream"),
    /^Added fault f3 on the storefront: GET \/api\/cart\/stream cuts event streams\n/,
  );

  const table = lines(await fault("list"));
  assert.match(table[0]!, /^ID +SERVICE +ROUTE +DOES +RATE +TIMES LEFT +FIRED$/);
  assert.match(table[1]!, /^f1 +storefront +POST \/api\/cart\/items +answers 503 +1 +1 +1$/);
  assert.match(table[2]!, /^f2 +wallet +GET \/api\/wallet\/\* +waits 100ms-2s +0\.5 +until cleared +0$/);
  assert.match(table[3]!, /^f3 +storefront +GET \/api\/cart\/stream +cuts event streams +1 +until cleared +0$/);
  assert.deepEqual(
    (JSON.parse(await fault("list", "--json")) as { id: string }[]).map((one) => one.id),
    ["f1", "f2", "f3"],
  );

  assert.equal(await fault("clear", "f2"), "Cleared f2.\n");
  assert.deepEqual(
    (JSON.parse(await fault("clear", "--json")) as { id: string }[]).map((one) => one.id),
    ["f1", "f3"],
  );
  assert.equal(await fault("clear"), "No faults to clear.\n");
  assert.equal(await fault("list"), "No faults.\n");
});

test(
  "a stream-cutting fault that fires at once on open streams says so, and that it is used up",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const { url } = await startInProcess(t, startArgs(dataDir));
    const token = await loginAt(url);
    const streams = await Promise.all(
      [1, 2].map(() => fetch(`${url}/api/cart/stream`, { headers: { authorization: `Bearer ${token}` } })),
    );
    // Each stream is open once its first event (the cart as it is) has arrived.
    const readers = streams.map((stream) => stream.body!.getReader());
    await Promise.all(readers.map((reader) => reader.read()));
    // Read on, so that a cut reaches a pending read: each ends with the error of a cut connection.
    const ends = readers.map(async (reader) => {
      try {
        while (!(await reader.read()).done);
        return "ended";
      } catch (error) {
        return (error as Error).message;
      }
    });
    const run = (...args: string[]) => runInProcess(["fault", ...args, "--data-dir", dataDir]);
    const dropStreams = (times: string) =>
      run("add", "--service", "storefront", "--route", "GET /api/cart/stream", "--drop-stream", "--times", times);
    const once = await dropStreams("1");
    assert.equal(
      once.stdout,
      "Added fault f1 on the storefront: GET /api/cart/stream cuts event streams. It fired at once on 1 open stream, and is used up.\n",
    );
    assert.equal((await run("list")).stdout, "No faults.\n");
    const twice = await dropStreams("3");
    assert.equal(
      twice.stdout,
      `Added fault f2 on the storefront: GET /api/cart/stream cuts event streams, 2 times left. It fired at once on 1 open stream.\n  (remove it with: npx sandbox fault clear f2 --data-dir ${dataDir})\n`,
    );
    assert.deepEqual(await Promise.all(ends), ["terminated", "terminated"]);
  },
);

test("sandbox fault refuses in one line what the sandbox refuses", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const cases: [string[], RegExp][] = [
    [
      ["add", "--service", "storefront", "--route", "GET /api/products", "--status", "abc"],
      /"status" must be an integer from 400 to 599; got "abc"/,
    ],
    [
      ["add", "--service", "storefront", "--route", "GET /api/products", "--rate", "2"],
      /"rate" must be a number from 0 to 1; got 2/,
    ],
    [
      ["add", "--service", "storefront", "--route", "GET /api/product", "--status", "503"],
      /no route at \/api\/product/,
    ],
    [
      ["add", "--service", "storefront", "--route", "GET /api/products"],
      /needs a status, a delay, truncate or dropStream/,
    ],
    [["clear", "f9"], /No fault "f9"/],
  ];
  for (const [args, message] of cases) {
    const result = await runInProcess(["fault", ...args, "--data-dir", dataDir]);
    assert.equal(result.code, 1, args.join(" "));
    assert.match(result.stderr, message);
    assert.equal(lines(result.stderr).length, 1, result.stderr);
  }
});
