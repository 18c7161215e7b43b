import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import type { JournalEntry } from "../../src/contracts/journal/entry.ts";
import { SandboxError } from "../../src/errors.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { ADA, errorBody, TUNDE } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

const TIMEOUT = { timeout: 60_000 };

const line = (entry: JournalEntry) => `${entry.method} ${entry.path} ${entry.user} ${entry.agent}`;

async function listed(url: string, query: string): Promise<string[]> {
  const response = await fetch(`${url}/__sandbox/journal${query}`);
  assert.equal(response.status, 200, query);
  return ((await response.json()) as { entries: JournalEntry[] }).entries.map(line);
}

test(
  "the journal's user filter: a demo user's email stands for the id, another value matches as given",
  TIMEOUT,
  async (t) => {
    const sandbox = await startFullSandbox(t);
    const { storefront, wallet } = sandbox.urls as Record<string, string>;
    const token = await loginAt(storefront!);
    await sessionRequest(storefront!, "POST", { userId: ADA.id, token });
    await asAgent(storefront!, "/api/agent/orders", ADA.id);
    // A chat's own user id, no UUID: the journal records what was sent, and the filter finds it.
    await asAgent(storefront!, "/api/agent/orders", "chat-user-42");

    const ada = [`GET /api/agent/orders ${ADA.id} true`];
    for (const query of [
      `?user=${ADA.email}&agent=true`,
      "?user=ADA@Example.COM&agent=true",
      `?user=${ADA.id}&agent=true`,
    ])
      assert.deepEqual(await listed(wallet!, query), ada, query);
    assert.deepEqual(await listed(wallet!, `?user=${TUNDE.email}`), [], "a demo user with no requests");
    const chat = await listed(wallet!, "?user=chat-user-42");
    assert.equal(chat.length, 1, "a user id that is no UUID stays matchable");
    assert.match(chat[0]!, /^GET \/api\/agent\/orders chat-user-42 true$/);

    // The JS client sends the email as it is; the sandbox takes it for the id.
    const controls = new ControlsClient(storefront!);
    const held = await controls.expect({ user: ADA.email, agent: true });
    assert.deepEqual([held.ok, held.matched], [true, 1]);
    const never = await controls.expect({ user: TUNDE.email, agent: true }, 0);
    assert.deepEqual([never.ok, never.matched], [true, 0]);

    // The live stream takes it too: its backlog holds Ada's entries only.
    const stream = await openRawStream(`${wallet}/__sandbox/journal/stream?user=${ADA.email}&agent=true&after=0`);
    t.after(() => stream.close());
    const [opening] = await stream.until((messages) => messages.some((message) => message.event === "journal"));
    assert.deepEqual((JSON.parse(opening!.data!) as { entries: JournalEntry[] }).entries.map(line), ada);
  },
);

test(
  "an email that is no demo user's is refused with a 400 naming the field, never counted as 0",
  TIMEOUT,
  async (t) => {
    const sandbox = await startFullSandbox(t);
    const { storefront } = sandbox.urls as Record<string, string>;
    for (const route of ["journal", "journal/stream"]) {
      const response = await fetch(`${storefront}/__sandbox/${route}?user=nobody@example.com`);
      assert.equal(response.status, 400, route);
      const body = await errorBody(response);
      assert.equal(body.code, "validation_error");
      assert.match(body.error, /"user"/);
      assert.match(body.error, /"nobody@example\.com" is no demo user's email \(ada@example\.com, /);
      assert.match(body.error, /npx sandbox users/);
      assert.deepEqual(body.details, { field: "user" });
    }
    // `expect(filter, 0)` ("the agent never wrote for this user") cannot pass on a mistyped email.
    const refused = await new ControlsClient(storefront!).expect({ user: "ada@example.org", agent: true }, 0).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(refused instanceof SandboxError, String(refused));
    assert.equal(refused.code, "validation_error");
    assert.match(refused.message, /"ada@example\.org" is no demo user's email/);
  },
);
