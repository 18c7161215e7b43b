import assert from "node:assert/strict";
import { test } from "node:test";
import { type Captured, Journal } from "../../src/journal/journal.ts";
import { createMasker } from "../../src/mask.ts";

/** A journal of one server's requests; bodies of `budget` bytes at most. */
function journalOf(budget: number, size = 1000): Journal {
  return new Journal({
    size,
    bodyBudget: budget,
    masker: createMasker(["a-secret-of-the-settings-at-least-32-bytes"]),
    identify: () => ({ agent: false }),
  });
}

/** A request answered with `text`, made afresh each time (as a route's JSON.stringify does). */
function answered(path: string, text: string): Captured {
  return {
    at: 0,
    service: "wallet",
    method: "GET",
    path,
    query: "",
    status: 200,
    durationMs: 1,
    request: { headers: [] },
    response: { headers: ["content-type", "application/json"], body: { data: [...text].join(""), truncated: false } },
  };
}

test("answers equal to one the journal holds count once, sent in any order", () => {
  const journal = journalOf(64 * 1024);
  const balance = JSON.stringify({ balance: 10, transactions: "b".repeat(10_000) });
  const list = JSON.stringify({ transactions: "t".repeat(10_000) });
  // 2 distinct answers of ~10 KB, counted twice each: ~40 KB of the 64. Fifty copies would be ~1 MB.
  for (let i = 0; i < 25; i++) {
    journal.record(answered("/api/wallet/balance", balance));
    journal.record(answered("/api/wallet/transactions", list));
  }
  const { entries } = journal.list();
  assert.equal(entries.length, 50);
  assert.equal(entries[0]!.response.body!.text, balance);
  assert.equal(entries[1]!.response.body!.text, list);
});

test("distinct answers past the budget: the oldest leave, the newest stays whatever its size", () => {
  const journal = journalOf(64 * 1024);
  for (let i = 0; i < 10; i++)
    journal.record(answered(`/api/wallet/transactions/${i}`, JSON.stringify({ id: i, pad: "x".repeat(10_000) })));
  assert.deepEqual(
    journal.list().entries.map((entry) => entry.path),
    [7, 8, 9].map((i) => `/api/wallet/transactions/${i}`),
    "3 × ~20 KB fit in 64 KiB",
  );
  journal.record(answered("/big", "y".repeat(100_000)));
  assert.deepEqual(
    journal.list().entries.map((entry) => entry.path),
    ["/big"],
  );
  journal.record(answered("/small", "{}"));
  assert.deepEqual(
    journal.list().entries.map((entry) => entry.path),
    ["/small"],
  );
});

test("a secret in an answer is masked the same in every entry that shares it", () => {
  const journal = journalOf(1024 * 1024);
  const text = JSON.stringify({ note: "a-secret-of-the-settings-at-least-32-bytes", access_token: "abc123" });
  for (let i = 0; i < 3; i++) journal.record(answered("/shared", text));
  for (const entry of journal.list().entries)
    assert.equal(entry.response.body!.text, '{"note":"***","access_token":"***"}');
});

test("requests without a body make room too: the journal keeps its size", () => {
  const journal = journalOf(1024 * 1024, 3);
  for (let i = 0; i < 5; i++) {
    const head = { ...answered(`/head/${i}`, ""), method: "HEAD" };
    delete head.response.body;
    journal.recordAwaitingBody(head)(["content-length", "2"], undefined);
  }
  journal.record({ ...answered("/stream", ""), response: { headers: ["content-type", "text/event-stream"] } });
  assert.deepEqual(
    journal.list().entries.map((entry) => entry.path),
    ["/head/3", "/head/4", "/stream"],
  );
  assert.deepEqual(journal.figures().wallet, { entries: 3, bodyBytes: 0, madeRoom: 3 });
});
