import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { lines, PROJECT_ROOT } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 60_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface FixtureUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

async function fixtureUsers(): Promise<FixtureUser[]> {
  const { users } = JSON.parse(await readFile(join(PROJECT_ROOT, "fixtures", "users.json"), "utf8")) as {
    users: FixtureUser[];
  };
  return users;
}

test("sandbox users prints a table of the demo users", TIMEOUT, async () => {
  const result = await runInProcess(["users"]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stderr, "");
  const [header, ...rows] = lines(result.stdout);
  assert.deepEqual(header?.split(/\s{2,}/), ["NAME", "EMAIL", "PASSWORD", "ID"]);
  const expected = [
    ["Ada Okafor", "ada@example.com", "ada-sandbox-pass"],
    ["Tunde Bakare", "tunde@example.com", "tunde-sandbox-pass"],
    ["Ngozi Eze", "ngozi@example.com", "ngozi-sandbox-pass"],
  ];
  assert.equal(rows.length, expected.length, result.stdout);
  const users = await fixtureUsers();
  for (const [index, [name, email, password]] of expected.entries()) {
    const cells = rows[index]?.split(/\s{2,}/);
    assert.deepEqual(cells?.slice(0, 3), [name, email, password]);
    assert.match(cells?.[3] ?? "", UUID);
    assert.equal(cells?.[3], users.find((user) => user.email === email)?.id, `${email} has the fixture's id`);
  }
  const idColumn = header?.indexOf("ID");
  assert.ok(
    rows.every((row) => UUID.test(row.slice(idColumn))),
    "the columns are aligned",
  );
});

test("sandbox users --json prints the fixture's users", TIMEOUT, async () => {
  const result = await runInProcess(["users", "--json"]);
  assert.equal(result.code, 0, result.stderr);
  const printed: unknown = JSON.parse(result.stdout);
  assert.ok(Array.isArray(printed));
  assert.deepEqual(printed, await fixtureUsers());
  assert.equal(printed.length, 3);
});
