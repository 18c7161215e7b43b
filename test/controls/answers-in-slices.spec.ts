import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonText } from "../../src/json-slices.ts";
import { atOnce, inSlices, SLICE_UNITS, type Work } from "../../src/slices.ts";
import { ManualTimers } from "../helpers/manual-timers.ts";
import { startTestSandbox } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

/**
 * The journal's listings and the export are made in slices, with the event loop's turn between
 * two (src/slices.ts): a long one (10,000 entries as a HAR took seconds) no longer holds every
 * server's requests until it is done. No timing here: the sandbox runs on manual timers, whose
 * 0 ms timer is each turn, so the test sees the build stop at a turn, asks for /health there,
 * and only then lets the build go on.
 */

test("a listing, an export or a stream's backlog is answered after slices, and /health is answered between them", async (t) => {
  const timers = new ManualTimers();
  const { url, fetch: get } = await startTestSandbox(t, { flags: { only: "storefront,wallet" }, start: { timers } });
  let healthAsked = 0;
  const health = () => {
    healthAsked++;
    return get("/health");
  };
  // A listing looks at each entry twice (whether it matches, then its masked view): this many make more than a slice.
  while (healthAsked < SLICE_UNITS)
    await Promise.all(Array.from({ length: 32 }, () => health().then((response) => response.text())));

  const cases = [
    ["the HAR", "/__sandbox/journal?format=har&path=/health", (body: Body) => body.log?.entries.length],
    ["the listing", "/__sandbox/journal?path=/health", (body: Body) => body.entries?.length],
    // The storefront's and the wallet's data hold more items than a slice (the wallet's 234 transactions).
    ["the export", "/__sandbox/export", (body: Body) => Object.keys(body.services ?? {}).length],
  ] as const;
  for (const [name, path, count] of cases) {
    await t.test(name, async () => {
      // What the request asks for, as it stands when it comes: the /health asked meanwhile comes after.
      const expected = name === "the export" ? 2 : healthAsked;
      let answered = false;
      const answer = get(path).then(async (response) => {
        const body = (await response.json()) as Body;
        answered = true;
        return { status: response.status, type: response.headers.get("content-type"), body };
      });
      await Promise.race([timers.scheduled(0), answer]);
      assert.equal(answered, false, `${name} stops at the event loop's turn before it is done`);
      assert.equal((await health()).status, 200, "/health is answered meanwhile");
      assert.equal(answered, false, `${name} waits for its next slice`);
      // Each turn lets the next slice run, until the last.
      while (!answered) {
        await Promise.race([timers.scheduled(0), answer]);
        timers.advance(0);
      }
      const { status, type, body } = await answer;
      assert.equal(status, 200);
      assert.equal(type, "application/json; charset=utf-8");
      assert.equal(count(body), expected, name);
    });
  }

  await t.test("the journal stream's backlog, then what was recorded while it was made", async (t) => {
    const before = healthAsked;
    let opened = false;
    const opening = openRawStream(`${url}/__sandbox/journal/stream?after=0&path=/health`).then((stream) => {
      opened = true;
      t.after(() => stream.close());
      return stream;
    });
    await Promise.race([timers.scheduled(0), opening]);
    assert.equal(opened, false, "the backlog stops at the event loop's turn before it is done");
    assert.equal((await health()).status, 200, "/health is answered meanwhile");
    while (!opened) {
      await Promise.race([timers.scheduled(0), opening]);
      timers.advance(0);
    }
    const stream = await opening;
    const messages = await stream.until((all) => all.some((message) => message.event === "entry"));
    const [backlog, meanwhile] = messages.filter((message) => message.event !== undefined);
    assert.equal((JSON.parse(backlog!.data!) as { entries: unknown[] }).entries.length, before);
    assert.equal(
      (JSON.parse(meanwhile!.data!) as { id: number }).id,
      Number(backlog!.id) + 1,
      "the /health asked meanwhile, after the backlog",
    );
  });
});

type Body = {
  log?: { entries: unknown[] };
  entries?: unknown[];
  services?: Record<string, unknown>;
};

test("a slice ends after its units, and the work goes on once the event loop has had its turn", async () => {
  const timers = new ManualTimers();
  let done = 0;
  const work = (function* (): Work<number> {
    for (let unit = 0; unit < 2 * SLICE_UNITS + 1; unit++) {
      done++;
      yield;
    }
    return done;
  })();
  let finished = false;
  const result = inSlices(work, timers).then((value) => {
    finished = true;
    return value;
  });
  await timers.scheduled(0);
  assert.ok(done <= SLICE_UNITS, `${done} units before the first turn`);
  let turns = 0;
  while (!finished) {
    await Promise.race([timers.scheduled(0), result]);
    if (finished) break;
    timers.advance(0);
    turns++;
  }
  assert.equal(await result, 2 * SLICE_UNITS + 1);
  assert.ok(turns >= 2, `three slices at least, two turns between them: ${turns}`);
});

test("the JSON text made in slices is JSON.stringify's", () => {
  const cases: [string, unknown][] = [
    ["a number", 42],
    ["a string with escapes and more than one byte a character", 'a "quote", a \\, a line\nbreak, é, 𝄞, \u0001'],
    ["null", null],
    ["nested objects and arrays", { a: [1, { b: [[], {}] }, "c"], d: { e: { f: true } } }],
    [
      "what JSON leaves out of an object and writes null for in an array",
      { a: undefined, b: () => 1, c: [undefined, () => 1] },
    ],
    ["numbers JSON has no word for", [Number.NaN, Number.POSITIVE_INFINITY, -0]],
    ["a date, as its toJSON says", { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) }],
    [
      "an array longer than a piece of text",
      { entries: Array.from({ length: 5000 }, (_, id) => ({ id, text: "x".repeat(30) })) },
    ],
    ["keys that need escaping", { 'a"b': 1, "\n": 2, "": 3 }],
  ];
  for (const [name, value] of cases)
    assert.equal(Buffer.concat(atOnce(jsonText(value))).toString(), JSON.stringify(value), name);
});
