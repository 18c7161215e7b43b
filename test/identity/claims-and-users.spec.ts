import assert from "node:assert/strict";
import { test } from "node:test";
import { formatSpan, IdentityError, parseClaimPairs, resolveEndUser } from "../../src/identity/index.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { ADA } from "../helpers/sandbox.ts";

const users = await loadDemoUsers();
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

test("--claim values: JSON when valid JSON, else text", () => {
  const claims = parseClaimPairs([
    "plan=pro",
    "seats=3",
    "beta=true",
    "none=null",
    'quoted="5"',
    'org={"id":"o1"}',
    "url=https://x.example/?a=b",
    "empty=",
  ]);
  assert.deepEqual(claims, {
    plan: "pro",
    seats: 3,
    beta: true,
    none: null,
    quoted: "5",
    org: { id: "o1" },
    url: "https://x.example/?a=b",
    empty: "",
  });
});

test("--claim refusals", async (t) => {
  const cases = [
    { name: "no =", pairs: ["plan"], message: /key=value/ },
    { name: "no key", pairs: ["=x"], message: /key=value/ },
    { name: "a key twice", pairs: ["a=1", "a=2"], message: /given twice/ },
    { name: "sub", pairs: ["sub=x"], message: /"sub" cannot be set/ },
    { name: "iat", pairs: ["iat=1"], message: /"iat" cannot be set/ },
    { name: "exp", pairs: ["exp=1"], message: /"exp" cannot be set/ },
    { name: "iss", pairs: ["iss=me"], message: /"iss" cannot be set/ },
  ];
  for (const { name, pairs, message } of cases) {
    await t.test(name, () =>
      assert.throws(
        () => parseClaimPairs(pairs),
        (error: Error) => error instanceof IdentityError && message.test(error.message),
      ),
    );
  }
});

test("a __proto__ claim is an ordinary claim", () => {
  const claims = parseClaimPairs(['__proto__={"polluted":true}']);
  assert.equal(Object.getPrototypeOf(claims), Object.prototype);
  assert.deepEqual(Object.keys(claims), ["__proto__"]);
});

test("--user: a demo user's id or email", async (t) => {
  const cases = [
    { name: "id", given: ADA.id },
    { name: "id in capitals", given: ADA.id.toUpperCase() },
    { name: "email", given: "ada@example.com" },
    { name: "email in another case, with spaces", given: "  Ada@Example.COM " },
  ];
  for (const { name, given } of cases) {
    await t.test(name, () => {
      const endUser = resolveEndUser(users, given);
      assert.equal(endUser.id, ADA.id);
      assert.equal(endUser.user?.name, "Ada Okafor");
    });
  }
});

test("--user: unknown users", async (t) => {
  await t.test("an unknown UUID needs allowUnknown", () => {
    assert.throws(() => resolveEndUser(users, UNKNOWN), /No demo user has the id .*--allow-unknown-user/);
    assert.deepEqual(resolveEndUser(users, UNKNOWN, { allowUnknown: true }), { id: UNKNOWN });
  });
  await t.test("an unknown email is refused, even with allowUnknown", () => {
    assert.throws(
      () => resolveEndUser(users, "eve@example.com", { allowUnknown: true }),
      /No demo user has the email "eve@example.com"/,
    );
  });
  await t.test("anything else is refused, even with allowUnknown", () => {
    assert.throws(() => resolveEndUser(users, "ada", { allowUnknown: true }), /neither/);
  });
});

test("time spans for people", () => {
  const cases: [number, string][] = [
    [0, "0s"],
    [-5, "0s"],
    [59, "59s"],
    [60, "1m"],
    [599.6, "10m"],
    [599, "9m 59s"],
    [3_900, "1h 5m"],
    [3_605, "1h"],
    [86_400 * 2 + 3_600 * 3 + 7, "2d 3h"],
  ];
  for (const [seconds, text] of cases) assert.equal(formatSpan(seconds), text, `${seconds}s`);
});
