import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

test(
  "a journal step's user: a demo user's email or any id the requests carried; an email of no demo user is said up front",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const passing = join(dir, "journal-users.yaml");
    await writeFile(
      passing,
      [
        "name: journal users",
        "steps:",
        "  - request: { server: storefront, path: /api/agent/orders, agent: ada@example.com }",
        // A chat's own user id, no UUID: the agent's request carries it, and the journal records it.
        "  - request:",
        "      server: storefront",
        "      path: /api/agent/orders",
        "      headers: { authorization: Bearer dev-bff-service-token-not-for-production-use, x-end-user-id: chat-user-7 }",
        "  - journal:",
        "      expect:",
        "        - { server: storefront, path: /api/agent/orders, agent: true, user: ada@example.com, count: 1 }",
        "        - { server: storefront, path: /api/agent/orders, agent: true, user: ADA@example.com, count: 1 }",
        "        - { server: storefront, path: /api/agent/orders, user: chat-user-7, count: 1 }",
        "        - { server: storefront, path: /api/agent/orders, user: tunde@example.com, count: 0 }",
      ].join("\n"),
    );
    const passed = await runInProcess(["run", passing]);
    assert.equal(passed.code, 0, passed.stdout + passed.stderr);
    assert.match(passed.stdout, /^1 passed, 0 failed$/m);

    const mistyped = join(dir, "mistyped.yaml");
    await writeFile(
      mistyped,
      [
        "name: mistyped",
        "steps:",
        "  - journal: { expect: [{ server: storefront, user: ada@example.org, count: 0 }] }",
      ].join("\n"),
    );
    const refused = await runInProcess(["run", mistyped]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(
      refused.stderr,
      /\/steps\/0\/journal\/expect\/0\/user: "ada@example\.org" is no demo user's email \(ada@example\.com, /,
    );
  },
);
