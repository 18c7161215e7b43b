import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { CLEARED_FAULTS, FAULT, FAULT_LIST } from "../../src/contracts/controls/fault-schemas.ts";
import {
  CLOCK_STATE,
  EXPORT_DOCUMENT,
  IMPORT_ANSWER,
  JOURNAL_CLEARED,
  JOURNAL_LIST,
  RESET_ANSWER,
  SANDBOX_HEALTH,
} from "../../src/contracts/controls/schemas.ts";
import type { JournalEntry } from "../../src/contracts/journal/entry.ts";
import { JOURNAL_ENTRY } from "../../src/contracts/journal/schemas.ts";
import { DELIVERED_ORDER } from "../../src/contracts/storefront/schemas.ts";
import {
  OAUTH_CLIENT_LIST,
  REGISTERED_OAUTH_CLIENT,
  TRIGGERED_TRANSACTION,
} from "../../src/contracts/wallet/schemas.ts";
import { SandboxError } from "../../src/errors.ts";
import type { JsonSchema } from "../../src/json-schema.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { closed } from "../helpers/openapi.ts";
import { ADA } from "../helpers/sandbox.ts";

/** What each answer would break of its schema closed (no property the schema does not name): the schema says all of it. */
function departures(answers: readonly (readonly [string, JsonSchema, unknown])[]): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return answers.flatMap(([name, schema, value]) => {
    const validate = ajv.compile(closed(schema) as object);
    return validate(value)
      ? []
      : (validate.errors ?? []).map((error) => `${name}: ${error.instancePath || "the body"} ${error.message}`);
  });
}

test("every control's answer, from a real sandbox, is the whole of what its schema says", async (t) => {
  const sandbox = await startFullSandbox(t);
  const controls = new ControlsClient(sandbox.urls.host!);
  const wallet = new ControlsClient(sandbox.urls.wallet!);
  const answers: [string, JsonSchema, unknown][] = [];
  // Each call below resolves only once the client checked the answer against its schema.
  const seen = async <T>(name: string, schema: JsonSchema, answer: Promise<T>): Promise<T> => {
    const value = await answer;
    answers.push([name, schema, value]);
    return value;
  };

  // A request with a body and a user, for the journal's entries to have all their parts.
  const token = await loginAt(sandbox.urls.storefront!);
  const added = await fetch(`${sandbox.urls.storefront}/api/cart/items`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg" }),
  });
  assert.equal(added.status, 200);
  await seen("health", SANDBOX_HEALTH, controls.health());
  await seen("clock", CLOCK_STATE, controls.clock());
  await seen("advanceClock", CLOCK_STATE, controls.advanceClock("1h"));
  await seen("setClock", CLOCK_STATE, controls.setClock(new Date()));
  await seen("resetClock", CLOCK_STATE, controls.resetClock());
  const fault = await seen(
    "addFault",
    FAULT,
    controls.addFault({ service: "storefront", route: "POST /api/nothing-*", status: 503, rate: 0.5, times: 2 }),
  );
  await seen("addFault (a delay)", FAULT, controls.addFault({ service: "wallet", route: "GET /api/x*", delay: "1ms" }));
  await seen(
    "faults",
    FAULT_LIST,
    controls.faults().then((faults) => ({ faults })),
  );
  await seen(
    "clearFaults (one)",
    CLEARED_FAULTS,
    controls.clearFaults(fault.id).then((cleared) => ({ cleared })),
  );
  await seen(
    "clearFaults",
    CLEARED_FAULTS,
    controls.clearFaults().then((cleared) => ({ cleared })),
  );
  await seen("triggerOrderDelivered", DELIVERED_ORDER, controls.triggerOrderDelivered("ORD-7F3K2Q"));
  const { transaction } = await seen(
    "triggerTransaction",
    TRIGGERED_TRANSACTION,
    controls.triggerTransaction({ user: ADA.email, amount: 5, direction: "income", status: "Pending" }),
  );
  await seen(
    "triggerTransactionStatus",
    TRIGGERED_TRANSACTION,
    controls.triggerTransactionStatus(transaction.id, "Completed"),
  );
  const document = await seen("exportData", EXPORT_DOCUMENT, controls.exportData());
  await seen("importData", IMPORT_ANSWER, controls.importData(document));
  await seen("reset (only)", RESET_ANSWER, controls.reset({ only: ["wallet"] }));
  await seen("reset", RESET_ANSWER, controls.reset());
  await seen(
    "oauthClients",
    OAUTH_CLIENT_LIST,
    wallet.oauthClients().then((clients) => ({ clients })),
  );
  await seen(
    "addOauthClient",
    REGISTERED_OAUTH_CLIENT,
    wallet.addOauthClient({ name: "schema check", redirectUris: ["http://localhost:5173/callback"] }),
  );
  const list = await seen("journal", JOURNAL_LIST, controls.journal({}, { limit: 50 }));
  assert.ok(
    list.entries.some((entry) => entry.user === ADA.id && entry.request.body && entry.response.body),
    "an entry with a user and both bodies was checked",
  );
  const expected = await controls.expect({ service: "storefront", method: "POST", path: "/api/auth/login" }, 1);
  assert.equal(expected.ok, true);

  // The stream's first event (the backlog) and one live entry after it, both read through their schemas.
  const followed: JournalEntry[] = [];
  const stop = new AbortController();
  const following = controls.followJournal(
    {},
    {
      after: 0,
      signal: stop.signal,
      onEntry: (entry) => {
        followed.push(entry);
        if (entry.path === "/health") stop.abort();
      },
    },
  );
  await fetch(`${sandbox.urls.storefront}/health`);
  await following;
  assert.ok(followed.length > list.entries.length, "the backlog and the live entry were read");
  answers.push(...followed.map((entry) => ["followJournal", JOURNAL_ENTRY, entry] as [string, JsonSchema, unknown]));
  await seen("health (with the journal's figures)", SANDBOX_HEALTH, controls.health());
  await seen("clearJournal", JOURNAL_CLEARED, controls.clearJournal());

  assert.deepEqual(departures(answers), []);
});

/** A server that answers the controls off their contract: what an older or foreign server might send. */
async function offContractServer(t: { after(fn: () => unknown): void }): Promise<string> {
  const server = createServer((request, response) => {
    const json = (status: number, body: string) =>
      response.writeHead(status, { "content-type": "application/json" }).end(body);
    if (request.url === "/__sandbox/clock") return json(200, JSON.stringify({ now: 5 }));
    if (request.url === "/__sandbox/export") return json(200, "<html>not json");
    if (request.url === "/__sandbox/faults")
      return response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
    if (request.url?.startsWith("/__sandbox/journal/stream"))
      return response
        .writeHead(200, { "content-type": "text/event-stream" })
        .end('event: journal\ndata: {"entries":[],"skipped":0}\n\nevent: entry\ndata: {"id":"seven"}\n\n');
    json(404, JSON.stringify({ error: "No route", code: "not_found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test("an answer off its control's contract is an answer_off_contract error naming the control and where it departs", async (t) => {
  const base = await offContractServer(t);
  const controls = new ControlsClient(base);
  const refused = (code: string, message: string, status?: number) => (error: unknown) => {
    assert.ok(error instanceof SandboxError, String(error));
    assert.deepEqual([error.code, error.message, error.status, error.expected], [code, message, status, true]);
    return true;
  };
  const offContract = (route: string, mismatch: string) =>
    refused(
      "answer_off_contract",
      `The server at ${base} answered ${route} with a body its contract does not allow (${mismatch}): is it a sandbox of this version?`,
    );

  await assert.rejects(
    controls.clock(),
    offContract("GET /__sandbox/clock", "the body must have required property 'offsetMs'"),
  );
  await assert.rejects(controls.exportData(), offContract("GET /__sandbox/export", "the body is not JSON"));
  await assert.rejects(
    controls.followJournal({}, { after: 0, onEntry: () => assert.fail("no entry is off its schema") }),
    offContract("GET /__sandbox/journal/stream (its entry event)", "the body must have required property 'time'"),
  );
  // An error answer that is not the error body: its status says what happened.
  await assert.rejects(
    controls.faults(),
    refused("control_failed", "GET /__sandbox/faults answered 502 Bad Gateway", 502),
  );
  // One that is: the server's own code and message.
  await assert.rejects(controls.journal(), refused("not_found", "No route", 404));
});
