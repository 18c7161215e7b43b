import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import type { JournalEntry } from "../../src/contracts/journal/entry.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { ADA, errorBody, startTestSandbox, TUNDE } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

const TIMEOUT = { timeout: 60_000 };

/** The entries a server's journal route lists for this query. */
async function listed(url: string, query = ""): Promise<JournalEntry[]> {
  const response = await fetch(`${url}/__sandbox/journal${query}`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { entries: JournalEntry[] }).entries;
}

const line = (entry: JournalEntry) =>
  `${entry.service} ${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ""} ${entry.status}`;

test("every server journals each request it answers: who sent it, what it sent, what it got", TIMEOUT, async (t) => {
  const sandbox = await startFullSandbox(t);
  const { storefront, wallet, host } = sandbox.urls as Record<string, string>;
  const token = await loginAt(storefront!);
  const productsAnswer = await fetch(`${storefront}/api/products?q=rice`, {
    headers: { authorization: `Bearer ${token}`, "X-Trace": "one" },
  });
  await sessionRequest(storefront!, "POST", { userId: ADA.id, token });
  await asAgent(storefront!, "/api/agent/orders", ADA.id);
  const walletToken = await loginAt(wallet!, TUNDE);
  await sessionRequest(host!, "POST", { userId: TUNDE.id, token: walletToken });
  await asAgent(host!, "/api/agent/wallet?period=30d", TUNDE.id);
  await fetch(`${wallet}/no-such-route`, { method: "HEAD" });
  await new ControlsClient(host!).health();

  // Any server lists the whole sandbox's journal, oldest first.
  const entries = await listed(wallet!);
  assert.deepEqual(
    entries.map(line),
    [
      "storefront POST /api/auth/login 200",
      "storefront GET /api/products?q=rice 200",
      "storefront POST /api/agent/session 200",
      "storefront GET /api/agent/orders 200",
      "wallet POST /api/auth/login 200",
      "host POST /api/agent/session 200",
      // The host app calls the wallet over HTTP, as the user: those are the wallet's requests too.
      "wallet GET /api/wallet/balance 200",
      "wallet GET /api/wallet/transactions?period=30d 200",
      "host GET /api/agent/wallet?period=30d 200",
      "wallet HEAD /no-such-route 404",
    ],
    "one entry per request: not the agent routes' in-process forwards, not the controls",
  );
  assert.deepEqual(
    entries.map((entry) => entry.id),
    [...entries.keys()].map((index) => entries[0]!.id + index),
  );
  const [login, products, , agentOrders] = entries;
  assert.equal(login!.user, undefined);
  assert.equal(products!.user, ADA.id, "the bearer token's subject");
  assert.equal(products!.agent, false);
  assert.deepEqual([agentOrders!.user, agentOrders!.agent], [ADA.id, true], "X-End-User-Id, and the service token");
  assert.deepEqual(
    [entries[6]!.user, entries[6]!.agent],
    [TUNDE.id, false],
    "the host app's call, with the user's JWT",
  );
  assert.deepEqual([entries[8]!.user, entries[8]!.agent], [TUNDE.id, true]);
  assert.equal(login!.request.headers["content-type"], "application/json");
  assert.deepEqual(JSON.parse(login!.request.body!.text), { email: ADA.email, password: "***" });
  assert.equal(JSON.parse(login!.response.body!.text).user.id, ADA.id);
  assert.equal(login!.response.body!.truncated, false);
  assert.equal(products!.request.body, undefined, "a GET has no body");
  assert.equal(products!.request.headers["x-trace"], "one", "request headers by their names in lower case");
  assert.equal(products!.request.headers.authorization, "Bearer ***");
  // Node adds the connection's own headers as it sends the answer.
  const received = Object.fromEntries(
    [...productsAnswer.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)),
  );
  assert.deepEqual(products!.response.headers, received, "the headers the client got");
  assert.deepEqual(JSON.parse(agentOrders!.response.body!.text).orders.length, 4, "the answer the agent got");
  assert.equal(entries[9]!.response.body, undefined, "a HEAD answer has no body");
  for (const entry of entries) {
    assert.ok(entry.durationMs >= 0 && entry.durationMs < 5000, `${line(entry)}: ${entry.durationMs} ms`);
    assert.ok(Math.abs(Date.parse(entry.time) - Date.now()) < 60_000, entry.time);
  }
});

test("the journal's filters, limit and after, and a bad parameter named", TIMEOUT, async (t) => {
  const sandbox = await startFullSandbox(t);
  const { storefront, wallet } = sandbox.urls as Record<string, string>;
  const token = await loginAt(storefront!);
  await sessionRequest(storefront!, "POST", { userId: ADA.id, token });
  await asAgent(storefront!, "/api/agent/orders", ADA.id);
  await asAgent(storefront!, "/api/agent/products?q=rice", ADA.id);
  await fetch(`${storefront}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
  await loginAt(wallet!, TUNDE);

  const cases: [string, string[]][] = [
    ["?service=wallet", ["wallet POST /api/auth/login 200"]],
    ["?agent=true", ["storefront GET /api/agent/orders 200", "storefront GET /api/agent/products?q=rice 200"]],
    [
      "?agent=false&service=storefront",
      [
        "storefront POST /api/auth/login 200",
        "storefront POST /api/agent/session 200",
        "storefront GET /api/orders 200",
      ],
    ],
    [
      `?user=${ADA.id}`,
      [
        "storefront GET /api/agent/orders 200",
        "storefront GET /api/agent/products?q=rice 200",
        "storefront GET /api/orders 200",
      ],
    ],
    ["?method=post&path=/api/auth/login", ["storefront POST /api/auth/login 200", "wallet POST /api/auth/login 200"]],
    [
      "?service=storefront&limit=2",
      ["storefront GET /api/agent/products?q=rice 200", "storefront GET /api/orders 200"],
    ],
    ["?path=/api/orders&agent=true", []],
  ];
  for (const [query, expected] of cases) {
    await t.test(query, async () => assert.deepEqual((await listed(storefront!, query)).map(line), expected));
  }
  const all = await new ControlsClient(storefront!).journal({}, { limit: 2 });
  assert.equal(all.total, 6);
  assert.equal(all.lastId, all.entries[1]!.id);
  assert.deepEqual((await listed(storefront!, `?after=${all.entries[0]!.id}`)).map(line), [
    "wallet POST /api/auth/login 200",
  ]);

  for (const [query, field] of [
    ["?service=ledger", "service"],
    ["?agent=yes", "agent"],
    ["?limit=0", "limit"],
    ["?after=-1", "after"],
    ["?user=a&user=b", "user"],
  ] as const) {
    const response = await fetch(`${storefront}/__sandbox/journal${query}`);
    assert.equal(response.status, 400, query);
    const body = await errorBody(response);
    assert.equal(body.code, "validation_error");
    assert.match(body.error, new RegExp(`"${field}"`));
  }
});

test("each server keeps its last --journal-size requests; the oldest make room", TIMEOUT, async (t) => {
  const sandbox = await startFullSandbox(t, { journalSize: 3 });
  const { storefront, wallet } = sandbox.urls as Record<string, string>;
  for (const q of ["a", "b", "c", "d", "e"]) await fetch(`${storefront}/api/products?q=${q}`);
  await fetch(`${wallet}/health`);
  const entries = await listed(wallet!);
  assert.deepEqual(entries.map(line), [
    "storefront GET /api/products?q=c 401",
    "storefront GET /api/products?q=d 401",
    "storefront GET /api/products?q=e 401",
    "wallet GET /health 200",
  ]);
  // The same answer again shares its text in memory; each entry still shows it.
  for (const entry of entries.slice(0, 3)) assert.equal(JSON.parse(entry.response.body!.text).code, "invalid_token");
  const { journal } = await new ControlsClient(storefront!).health();
  assert.deepEqual(
    journal.storefront,
    { entries: 3, bodyBytes: 2 * entries[0]!.response.body!.text.length, madeRoom: 2 },
    "health: how full each server's journal is",
  );
  assert.deepEqual([journal.wallet?.entries, journal.wallet?.madeRoom], [1, 0]);
});

test(
  "past --journal-body-memory the oldest requests make room; an answer sent again counts once, and looking never makes room",
  TIMEOUT,
  async (t) => {
    const { url, login, as, addToCart } = await startTestSandbox(t, { flags: { journalBodyMemory: "30KiB" } });
    const token = await login();
    // The catalog (~8 KB) twenty times: one body in memory, counted once (twice its size: as sent and masked).
    for (let i = 0; i < 20; i++) await (await as(token, "/api/products")).arrayBuffer();
    const catalogs = (await listed(url)).filter((entry) => entry.path === "/api/products");
    assert.equal(catalogs.length, 20);
    assert.equal((await listed(url)).length, 21, "listing (which masks the bodies) made no entry leave");

    // Distinct request bodies of ~12 KB each count 24 KB: the budget holds the newest one only.
    const note = (letter: string) => letter.repeat(12_000);
    for (const letter of ["a", "b", "c"])
      await addToCart(token, { product_id: "ofada-rice-5kg", quantity: 1, note: note(letter) });
    const kept = await listed(url);
    assert.deepEqual(kept.map(line), ["storefront POST /api/cart/items 200"]);
    assert.match(kept[0]!.request.body!.text, /"c{12000}"/, "the newest is kept");

    // An entry larger than the whole budget is kept while it is the newest.
    await addToCart(token, { product_id: "ofada-rice-5kg", quantity: 1, note: note("d").repeat(4) });
    assert.deepEqual(
      (await listed(url)).map((entry) => entry.request.body?.truncated),
      [true],
    );
    await fetch(`${url}/health`);
    assert.deepEqual((await listed(url)).map(line), ["storefront GET /health 200"]);
  },
);

test("DELETE empties the journal and says how much it held", TIMEOUT, async (t) => {
  const { url } = await startTestSandbox(t);
  await fetch(`${url}/health`);
  await fetch(`${url}/health`);
  const controls = new ControlsClient(url);
  assert.deepEqual(await controls.clearJournal(), { cleared: 2 });
  assert.deepEqual((await controls.journal()).entries, []);
  await fetch(`${url}/api/products`);
  assert.deepEqual((await listed(url)).map(line), ["storefront GET /api/products 401"]);
});

test("bodies past 16 KiB are cut there and marked truncated", TIMEOUT, async (t) => {
  const { url, login } = await startTestSandbox(t);
  const token = await login();
  const long = JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1, note: "é".repeat(20_000) });
  await fetch(`${url}/api/cart/items`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: long,
  });
  const [entry] = await listed(url, "?path=/api/cart/items");
  assert.equal(entry!.request.body!.truncated, true);
  assert.ok(long.startsWith(entry!.request.body!.text.replace(/\uFFFD$/, "")), "the body's beginning, as sent");
  assert.ok(Buffer.byteLength(entry!.request.body!.text) <= 16 * 1024 + 3);
  assert.equal(entry!.status, 200);
  assert.equal(entry!.response.body!.truncated, false);
});

test("an event stream is journaled as it opens: status and headers, no body", TIMEOUT, async (t) => {
  const { url, login } = await startTestSandbox(t);
  const token = await login();
  const stream = await openRawStream(`${url}/api/cart/stream?access_token=${token}`);
  t.after(() => stream.close());
  await stream.until((messages) => messages.some((message) => message.event === "cart"));
  const [entry] = await listed(url, "?path=/api/cart/stream");
  assert.equal(entry!.status, 200);
  assert.equal(entry!.user, ADA.id, "the subject of ?access_token=");
  assert.equal(entry!.query, "access_token=***");
  assert.match(entry!.response.headers["content-type"]!, /^text\/event-stream/);
  assert.equal(entry!.response.body, undefined);
});

test("the journal stream: what came after `after`, then each new entry that matches", TIMEOUT, async (t) => {
  const sandbox = await startFullSandbox(t);
  const { storefront, wallet } = sandbox.urls as Record<string, string>;
  await fetch(`${storefront}/health`);
  await fetch(`${storefront}/api/products`);
  const [first] = await listed(storefront!);

  const stream = await openRawStream(`${wallet}/__sandbox/journal/stream?service=storefront&after=${first!.id}`);
  t.after(() => stream.close());
  const [opening] = await stream.until((messages) => messages.some((message) => message.event === "journal"));
  const backlog = (JSON.parse(opening!.data!) as { entries: JournalEntry[] }).entries;
  assert.deepEqual(backlog.map(line), ["storefront GET /api/products 401"]);
  await fetch(`${wallet}/health`);
  await fetch(`${storefront}/api/products?q=live`);
  const messages = await stream.until((all) => all.some((message) => message.event === "entry"));
  const live = messages
    .filter((message) => message.event === "entry")
    .map((message) => JSON.parse(message.data!) as JournalEntry);
  assert.deepEqual(live.map(line), ["storefront GET /api/products?q=live 401"], "the wallet's request does not match");
  assert.equal(messages.at(-1)!.id, String(live[0]!.id));

  // A reconnecting EventSource gets what it missed from Last-Event-ID.
  const again = await openRawStream(`${wallet}/__sandbox/journal/stream`, { "last-event-id": String(first!.id) });
  t.after(() => again.close());
  const [reopened] = await again.until((all) => all.some((message) => message.event === "journal"));
  assert.deepEqual((JSON.parse(reopened!.data!) as { entries: JournalEntry[] }).entries.map(line), [
    "storefront GET /api/products 401",
    "wallet GET /health 200",
    "storefront GET /api/products?q=live 401",
  ]);
});

test(
  "a stream opens with at most 2 MiB of what it missed, the newest, and says how much it left out",
  TIMEOUT,
  async (t) => {
    // Room in the journal for the 150 bodies (16 KiB each, counted twice) that the stream must cut to 2 MiB.
    const { url, login } = await startTestSandbox(t, { flags: { journalBodyMemory: "16MiB" } });
    const token = await login();
    const body = JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1, note: "n".repeat(16 * 1024) });
    for (let index = 0; index < 150; index++) {
      await fetch(`${url}/api/cart/items`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      });
    }
    const stream = await openRawStream(`${url}/__sandbox/journal/stream?after=0`);
    t.after(() => stream.close());
    const [opening] = await stream.until((messages) => messages.some((message) => message.event === "journal"));
    const { entries, skipped } = JSON.parse(opening!.data!) as { entries: JournalEntry[]; skipped: number };
    assert.ok(skipped > 0 && entries.length > 0, `${entries.length} sent, ${skipped} skipped`);
    assert.equal(entries.length + skipped, 151);
    assert.ok(Buffer.byteLength(opening!.data!) <= 2 * 1024 * 1024 + 100);
    assert.equal(entries.at(-1)!.path, "/api/cart/items", "the newest are sent");
  },
);
