import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { createClock } from "../../src/clock.ts";
import { CONTROLS } from "../../src/contracts/controls/routes.ts";
import { SandboxError } from "../../src/errors.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";
import { ADA, errorBody, startTestSandbox } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";
import { TRANSACTIONS } from "../helpers/wallet-fixtures.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The clock control refuses `body` with 400 validation_error naming `field`; `check` reads the message. */
function refusedMove(
  controls: ControlsClient,
  body: unknown,
  field: string,
  check: (message: string) => void,
): Promise<void> {
  return assert.rejects(
    controls.control(CONTROLS.moveClock, { body }),
    (error: unknown) => {
      assert.ok(error instanceof SandboxError);
      assert.equal(error.status, 400);
      assert.equal(error.code, "validation_error");
      assert.deepEqual(error.details, { field });
      check(error.message);
      return true;
    },
    JSON.stringify(body),
  );
}

const near = (time: string, expected: number) => Math.abs(Date.parse(time) - expected) < 5000;

test("one clock for the three servers: a token signed now fails after the clock advances 25h", async (t) => {
  const sandbox = await startFullSandbox(t);
  const storefront = await loginAt(sandbox.urls.storefront!);
  const wallet = await loginAt(sandbox.urls.wallet!);
  const products = () =>
    fetch(`${sandbox.urls.storefront}/api/products`, { headers: { authorization: `Bearer ${storefront}` } });
  const balance = () =>
    fetch(`${sandbox.urls.wallet}/api/wallet/balance`, { headers: { authorization: `Bearer ${wallet}` } });
  assert.equal((await products()).status, 200);
  assert.equal((await balance()).status, 200);

  const moved = await new ControlsClient(sandbox.urls.host!).advanceClock("25h");
  assert.equal(moved.offsetMs, 25 * HOUR);
  assert.ok(near(moved.now, Date.now() + 25 * HOUR), moved.now);
  for (const url of Object.values(sandbox.urls)) {
    const seen = await new ControlsClient(url).clock();
    assert.ok(near(seen.now, Date.now() + 25 * HOUR), `${url} shares the moved clock: ${seen.now}`);
    assert.ok(near((await new ControlsClient(url).health()).now, Date.now() + 25 * HOUR));
  }
  for (const answer of [await products(), await balance()]) {
    assert.equal(answer.status, 401);
    assert.equal((await errorBody(answer)).code, "token_expired");
  }
  assert.equal(
    (
      await fetch(`${sandbox.urls.storefront}/api/products`, {
        headers: { authorization: `Bearer ${await loginAt(sandbox.urls.storefront!)}` },
      })
    ).status,
    200,
    "a token signed on the moved clock is good",
  );
});

test("the insight windows follow the clock: a transaction falls out of period=7d after 8 days", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const controls = new ControlsClient(wallet.url);
  const listing = async (period: string) => {
    const answer = await wallet.as(
      await wallet.login(),
      `/api/wallet/transactions?period=${period}&include_insights=true`,
    );
    return (await answer.json()) as { transactions: { id: string }[]; insights: { from: string; to: string } };
  };
  const recent = TRANSACTIONS.filter((transaction) => transaction.userId === ADA.id && transaction.daysAgo <= 7);
  assert.ok(recent.length > 0);
  assert.deepEqual(
    (await listing("7d")).transactions.map((transaction) => transaction.id),
    recent.map((transaction) => transaction.id),
  );

  await controls.advanceClock("8d");
  const later = await listing("7d");
  assert.deepEqual(later.transactions, [], "eight days on, nothing seeded is within the last 7 days");
  assert.ok(near(later.insights.to, Date.now() + 8 * DAY), later.insights.to);
  const month = (await listing("30d")).transactions.map((transaction) => transaction.id);
  for (const transaction of recent)
    assert.ok(month.includes(transaction.id), `${transaction.id} is still within the last 30 days`);
});

test("an open cart stream whose token expires by a move of the clock is closed at once", async (t) => {
  const timers = new ManualTimers();
  const sandbox = await startTestSandbox(t, { flags: { sseHeartbeat: "15s" }, start: { timers } });
  const controls = new ControlsClient(sandbox.url);
  const stream = await openRawStream(
    `${sandbox.url}/api/cart/stream?access_token=${encodeURIComponent(await sandbox.login())}`,
  );
  t.after(() => stream.close());
  await stream.until((all) => all.some((message) => message.event === "cart"));
  let ended = false;
  void stream.ended.then(() => (ended = true));

  await controls.advanceClock("23h");
  assert.ok(timers.pending.includes(HOUR), `its end is an hour away: ${timers.pending}`);
  assert.equal(ended, false, "the token still has an hour: the stream stays open");
  assert.equal(sandbox.sandbox.stats().liveStreams, 1);

  await controls.advanceClock("2h");
  await withDeadline(stream.ended, 2000, "the stream's end after the clock passed its token's expiry");
  assert.equal(sandbox.sandbox.stats().liveStreams, 0);
});

test("the clock set in the past, then reset", async (t) => {
  const sandbox = await startTestSandbox(t);
  const controls = new ControlsClient(sandbox.url);
  const before = await sandbox.login();
  const past = Date.parse("2020-02-29T12:00:00Z");

  const set = await controls.setClock("2020-02-29T12:00:00Z");
  assert.ok(near(set.now, past), set.now);
  assert.ok(set.offsetMs < 0);
  assert.ok(near((await controls.clock()).now, past), "the set clock runs on from there");
  const refused = await sandbox.as(before, "/api/products");
  assert.equal(refused.status, 401, "a token issued after the clock's now is refused");
  assert.match((await errorBody(refused)).error, /in the future/);
  const then = await sandbox.login();
  assert.equal((await sandbox.as(then, "/api/products")).status, 200);

  const reset = await controls.resetClock();
  assert.equal(reset.offsetMs, 0);
  assert.ok(near(reset.now, Date.now()));
  const expired = await sandbox.as(then, "/api/products");
  assert.equal(
    (await errorBody(expired)).code,
    "token_expired",
    "back on the system time, the 2020 token is long expired",
  );
  assert.equal((await sandbox.as(before, "/api/products")).status, 200);
});

test("a clock move that is not one is refused, naming the field", async (t) => {
  const sandbox = await startTestSandbox(t);
  const controls = new ControlsClient(sandbox.url);
  const cases: [unknown, string, RegExp][] = [
    [{}, "advance", /exactly one of/],
    [{ advance: "1h", reset: true }, "reset", /got advance, reset/],
    [{ advance: "soon" }, "advance", /duration/],
    [{ advance: 3600 }, "advance", /duration/],
    [{ advance: `${"9".repeat(400)}d` }, "advance", /duration/],
    [{ set: "yesterday" }, "set", /ISO 8601/],
    [{ set: "2026-02-30" }, "set", /ISO 8601/],
    [{ reset: false }, "reset", /must be true/],
  ];
  for (const [body, field, message] of cases)
    await refusedMove(controls, body, field, (text) => assert.match(text, message));
  assert.equal((await controls.clock()).offsetMs, 0, "nothing moved");
});

test("a move off the calendar is refused naming its limits, and the clock, logins and the journal go on", async (t) => {
  const sandbox = await startTestSandbox(t);
  const controls = new ControlsClient(sandbox.url);
  const cases: [Record<string, string>, string][] = [
    [{ advance: "99999999d" }, "advance"], // past what a Date holds
    [{ advance: "3000000d" }, "advance"], // a Date, but in the year 10000 and more
    [{ set: "9999-12-31T23:59:59-01:00" }, "set"], // the year 10000 in UTC
    [{ set: "0000-01-01" }, "set"],
    [{ set: "1969-12-31T23:59:59.999Z" }, "set"],
  ];
  for (const [body, field] of cases) {
    await refusedMove(controls, body, field, (text) => {
      assert.ok(text.includes(JSON.stringify(body[field])), text);
      assert.match(text, /from 1970-01-01T00:00:00\.000Z .* to 9999-12-31T23:59:59\.999Z/);
      assert.match(text, /The clock did not move/);
    });
    // What an invalid now broke: the clock's own answer, signing a token, and the journal of what came meanwhile.
    assert.equal((await controls.clock()).offsetMs, 0, "the clock did not move");
    await sandbox.login();
    const { entries } = await controls.journal();
    assert.ok(entries.length > 0);
    for (const entry of entries) assert.ok(near(entry.time, Date.now()), entry.time);
  }

  // The limits themselves are on the calendar.
  for (const edge of ["1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"]) {
    const set = await controls.setClock(edge);
    assert.ok(near(set.now, Date.parse(edge)), set.now);
    await sandbox.login();
    assert.ok((await controls.journal({}, { limit: 1 })).entries.length === 1);
  }
});

test("the clock itself refuses a move off its calendar: what the journal and the tokens are made from stays a time", () => {
  const clock = createClock();
  assert.throws(() => clock.advance(8.64e15), RangeError);
  assert.throws(() => clock.advance(Number.POSITIVE_INFINITY), RangeError);
  assert.throws(() => clock.set(new Date(Number.NaN)), RangeError);
  assert.throws(() => clock.set(new Date(-1)), RangeError);
  assert.equal(clock.offsetMs, 0);
  assert.ok(Number.isFinite(clock.nowMs()));
});
