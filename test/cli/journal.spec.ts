import assert from "node:assert/strict";
import { test } from "node:test";
import type { JournalEntry } from "../../src/contracts/journal/entry.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { addToCart, lines } from "../helpers/cli.ts";
import { launchInProcess, runInProcess } from "../helpers/in-process.ts";
import { ADA, tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 60_000 };
const HEADING = /^TIME +SERVICE +METHOD +STATUS +MS +USER +AGENT +PATH$/;

/** A running sandbox on a data dir of its own, where Ada logged in, registered her session, and the agent read her orders. */
async function sandboxWithRequests(t: { after(fn: () => unknown): void }) {
  const dataDir = await tempDir(t);
  const sandbox = await startFullSandbox(t, {}, dataDir);
  const storefront = sandbox.urls.storefront!;
  const token = await loginAt(storefront);
  await sessionRequest(storefront, "POST", { userId: ADA.id, token });
  await asAgent(storefront, "/api/agent/orders", ADA.id);
  const run = (...args: string[]) => runInProcess([...args, "--data-dir", dataDir]);
  return { dataDir, storefront, wallet: sandbox.urls.wallet!, run, close: () => sandbox.close() };
}

test("journal prints the requests as a table, or as JSON, narrowed by its filters", TIMEOUT, async (t) => {
  const { run } = await sandboxWithRequests(t);
  const table = await run("journal");
  assert.equal(table.code, 0, table.stderr);
  const [heading, ...rows] = lines(table.stdout);
  assert.match(heading!, HEADING);
  assert.equal(rows.length, 3);
  assert.match(rows[0]!, /^\d\d:\d\d:\d\d\.\d{3} +storefront +POST +200 +\d+\.\d +- +- +\/api\/auth\/login$/);
  assert.match(
    rows[2]!,
    /^\d\d:\d\d:\d\d\.\d{3} +storefront +GET +200 +\d+\.\d +ada@example\.com +yes +\/api\/agent\/orders$/,
  );

  const json = await run("journal", "--json", "--user", "ada@example.com", "--agent");
  const entries = JSON.parse(json.stdout) as JournalEntry[];
  assert.deepEqual(
    entries.map((entry) => [entry.method, entry.path, entry.user, entry.agent]),
    [["GET", "/api/agent/orders", ADA.id, true]],
  );

  const cases: [string[], number][] = [
    [["--no-agent"], 2],
    [["--method", "post"], 2],
    [["--path", "/api/agent/session"], 1],
    [["--limit", "1"], 1],
    [["--service", "wallet"], 0],
  ];
  for (const [flags, count] of cases) {
    const result = await run("journal", "--json", ...flags);
    assert.equal((JSON.parse(result.stdout) as unknown[]).length, count, flags.join(" "));
  }
  assert.equal((await run("journal", "--service", "wallet")).stdout, "No requests in the journal match.\n");
  const bad = await run("journal", "--limit", "0");
  assert.equal(bad.code, 2, "a usage error");
  assert.match(bad.stderr, /--limit.*at least 1/);
});

test("journal --clear empties it, whole: a filter beside it is refused rather than ignored", TIMEOUT, async (t) => {
  const { run } = await sandboxWithRequests(t);
  const narrowed = await run("journal", "--clear", "--service", "wallet", "--no-agent");
  assert.equal(narrowed.code, 2);
  assert.match(narrowed.stderr, /--clear empties the whole journal: --service, --no-agent would not narrow it/);
  assert.match((await run("journal", "--json")).stdout, /"path"/, "nothing was cleared");
  const cleared = await run("journal", "--clear");
  assert.deepEqual([cleared.code, cleared.stdout], [0, "Cleared the request journal (3 entries).\n"]);
  assert.equal((await run("journal", "--json")).stdout, "[]\n");
  assert.equal((await run("journal", "--clear", "--json")).stdout, '{"cleared":0}\n');
});

test(
  "journal --follow prints what is there, then each request as it is answered, and ends when the sandbox stops",
  TIMEOUT,
  async (t) => {
    const { dataDir, storefront, wallet, close } = await sandboxWithRequests(t);
    const follow = launchInProcess(t, ["journal", "--follow", "--service", "storefront", "--data-dir", dataDir]);
    await follow.waitForLine(/\/api\/agent\/orders$/);
    await fetch(`${wallet}/health`);
    await fetch(`${storefront}/api/products?q=live`);
    await follow.waitForLine(/ 401 .*\/api\/products\?q=live$/);
    const json = launchInProcess(t, [
      "journal",
      "--follow",
      "--json",
      "--health",
      "--limit",
      "1",
      "--data-dir",
      dataDir,
    ]);
    await json.waitForLine(/"path":"\/api\/products"/);
    await fetch(`${wallet}/health`);
    await json.waitForLine(/"path":"\/health"/);

    await close();
    const ended = await follow.exit(10_000);
    assert.equal(ended.code, 0);
    assert.equal(ended.stderr, "The sandbox stopped.\n");
    const [heading, ...rows] = lines(ended.stdout).filter((line) => !line.startsWith("the command ended"));
    assert.match(heading!, HEADING);
    assert.deepEqual(
      rows.map((row) => row.split(/ +/).at(-1)),
      ["/api/auth/login", "/api/agent/session", "/api/agent/orders", "/api/products?q=live"],
      "the wallet's request is not the storefront's",
    );
    const objects = lines((await json.exit(10_000)).stdout)
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as JournalEntry);
    assert.deepEqual(
      objects.map((entry) => `${entry.service} ${entry.path}`),
      ["storefront /api/products", "wallet /health"],
      "one entry per line",
    );
  },
);

test("expect exits 0 when the requests were answered, 1 with what was seen when not", TIMEOUT, async (t) => {
  const { run } = await sandboxWithRequests(t);
  const expect = (...args: string[]) => run("expect", "--service", "storefront", ...args);

  const held = await expect("--method", "get", "--path", "/api/agent/orders", "--user", "ada@example.com", "--agent");
  assert.equal(held.code, 0, held.stderr);
  assert.equal(
    held.stdout,
    "OK: expected at least 1 request: GET /api/agent/orders on storefront, for ada@example.com, from the agent; 1 matched, answered 200 ×1.\n",
  );
  assert.equal((await expect("--method", "GET", "--path", "/api/agent/orders", "--count", "1")).code, 0);
  // A mistyped email is refused by the sandbox, never counted as no request for nobody.
  const mistyped = await expect(
    "--method",
    "GET",
    "--path",
    "/api/agent/orders",
    "--user",
    "ada@example.org",
    "--count",
    "0",
  );
  assert.equal(mistyped.code, 1, mistyped.stderr);
  assert.equal(mistyped.stdout, "");
  assert.match(mistyped.stderr, /"ada@example\.org" is no demo user's email/);
  assert.equal(
    (await expect("--method", "GET", "--path", "/api/orders", "--count", "0")).code,
    0,
    "the forward to /api/orders is not a request of its own",
  );

  const failed = await expect("--method", "GET", "--path", "/api/agent/orders", "--count", "2");
  assert.equal(failed.code, 1);
  assert.equal(failed.stdout, "");
  const [summary, intro, heading, ...seen] = lines(failed.stderr);
  assert.equal(
    summary,
    "FAILED: expected 2 requests: GET /api/agent/orders on storefront; 1 matched, answered 200 ×1.",
  );
  assert.equal(intro, "Requests answered by storefront (all 3, oldest first):");
  assert.match(heading!, HEADING);
  // Each row: time, service, method, status, duration, user, agent, path.
  const cells = (row: string) => row.split(/ +/).filter((_, index) => index !== 0 && index !== 4);
  assert.deepEqual(seen.map(cells), [
    ["storefront", "POST", "200", "-", "-", "/api/auth/login"],
    ["storefront", "POST", "200", "-", "-", "/api/agent/session"],
    ["storefront", "GET", "200", "ada@example.com", "yes", "/api/agent/orders"],
  ]);

  const notFromAgent = await expect("--method", "GET", "--path", "/api/agent/orders", "--no-agent");
  assert.equal(notFromAgent.code, 1);
  assert.match(
    notFromAgent.stderr,
    /^FAILED: expected at least 1 request: GET \/api\/agent\/orders on storefront, not from the agent; 0 matched\.$/m,
  );

  const none = await run("expect", "--service", "wallet", "--method", "GET", "--path", "/api/wallet/balance");
  assert.equal(none.code, 1);
  assert.match(none.stderr, /^No requests answered by wallet \(since the journal was last cleared\)\.$/m);

  const json = await expect("--method", "GET", "--path", "/api/agent/orders", "--count", "2", "--json");
  assert.equal(json.code, 1);
  const result = JSON.parse(json.stdout) as {
    ok: boolean;
    expected: number;
    matched: number;
    seen: JournalEntry[];
    seenTotal: number;
  };
  assert.deepEqual(
    [result.ok, result.expected, result.matched, result.seen.length, result.seenTotal],
    [false, 2, 1, 3, 3],
  );

  const missing = await run("expect", "--service", "storefront", "--method", "GET");
  assert.equal(missing.code, 2, "a usage error");
  assert.match(missing.stderr, /--path/);
});

test(
  "expect --status tells a fault's 503s from successes; health checks count only when asked for",
  TIMEOUT,
  async (t) => {
    const { run, storefront, wallet } = await sandboxWithRequests(t);
    const fault = await run(
      "fault",
      "add",
      "--service",
      "storefront",
      "--route",
      "POST /api/cart/items",
      "--status",
      "503",
      "--times",
      "2",
    );
    assert.equal(fault.code, 0, fault.stderr);
    const token = await loginAt(storefront);
    const statuses = [];
    for (let index = 0; index < 3; index++)
      statuses.push((await addToCart(storefront, token, "ofada-rice-5kg", 1)).status);
    assert.deepEqual(statuses, [503, 503, 200]);
    const cartAdds = ["expect", "--service", "storefront", "--method", "POST", "--path", "/api/cart/items"];

    const any = await run(...cartAdds);
    assert.equal(
      any.stdout,
      "OK: expected at least 1 request: POST /api/cart/items on storefront; 3 matched, answered 200 ×1, 503 ×2.\n",
    );
    const succeeded = await run(...cartAdds, "--status", "2xx", "--count", "1");
    assert.equal(succeeded.code, 0, succeeded.stderr);
    const allSucceeded = await run(...cartAdds, "--status", "2xx", "--count", "3");
    assert.equal(allSucceeded.code, 1);
    assert.equal(
      lines(allSucceeded.stderr)[0],
      "FAILED: expected 3 requests: POST /api/cart/items on storefront, answered 2xx; 1 matched, answered 200 ×1.",
    );
    assert.equal((await run(...cartAdds, "--status", "503", "--count", "2")).code, 0);
    const bad = await run(...cartAdds, "--status", "5x");
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--status.*a status code such as 503, or a class such as 5xx/);

    // The health checks a UI or `status` sends are not what a test asks about.
    for (let index = 0; index < 2; index++) await (await fetch(`${wallet}/health`)).text();
    const paths = async (...flags: string[]) =>
      (JSON.parse((await run("journal", "--json", "--service", "wallet", ...flags)).stdout) as JournalEntry[]).map(
        (entry) => entry.path,
      );
    assert.deepEqual(await paths(), []);
    assert.deepEqual(await paths("--health"), ["/health", "/health"]);
    const healthChecks = ["expect", "--service", "wallet", "--method", "GET", "--path", "/health"];
    assert.equal((await run(...healthChecks, "--count", "2")).code, 0, "asked for by its path");
    const anyWallet = await run("expect", "--service", "wallet", "--method", "GET", "--path", "/api/wallet/balance");
    assert.match(anyWallet.stderr, /^No requests answered by wallet \(since the journal was last cleared\)\.$/m);
  },
);

test("journal and expect on a data dir where no sandbox runs: one line, exit 1", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  for (const args of [["journal"], ["expect", "--service", "storefront", "--method", "GET", "--path", "/"]]) {
    const result = await runInProcess([...args, "--data-dir", dataDir]);
    assert.deepEqual([result.code, result.errorCode], [1, "sandbox_not_running"]);
    assert.match(result.stderr, /^Error: No sandbox runs on .*: start one with npx sandbox start/);
    assert.equal(lines(result.stderr).length, 1);
  }
});
