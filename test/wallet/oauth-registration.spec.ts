import assert from "node:assert/strict";
import { test } from "node:test";
import { errorBody, startTestSandbox } from "../helpers/sandbox.ts";

const uri = (path: string) => `https://agent.example.com/${path}`;

test("POST /__sandbox/oauth/clients: limits and unique names", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const register = (name: unknown, redirectUris: unknown) =>
    wallet.fetch("/__sandbox/oauth/clients", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, redirectUris }),
    });
  const names = async () =>
    ((await (await wallet.fetch("/__sandbox/oauth/clients")).json()) as { clients: { name: string }[] }).clients.map(
      (client) => client.name,
    );

  await t.test("at the limits: a 100-character name and 10 URIs of 2,000 characters are accepted", async () => {
    const long = uri(`cb?${"x".repeat(2000 - uri("cb?").length)}`);
    assert.equal(long.length, 2000);
    const response = await register("é".repeat(100), [
      long,
      ...Array.from({ length: 9 }, (_, index) => uri(`cb${index}`)),
    ]);
    assert.equal(response.status, 201, await response.clone().text());
  });

  const over: [string, unknown, unknown, RegExp][] = [
    ["a 101-character name", "n".repeat(101), [uri("cb")], /at most 100 characters/],
    [
      "11 redirect URIs",
      "Eleven",
      Array.from({ length: 11 }, (_, index) => uri(`cb${index}`)),
      /at most 10 redirect URIs/,
    ],
    [
      "a redirect URI of 2,001 characters",
      "Long URI",
      [uri(`cb?${"x".repeat(2001 - uri("cb?").length)}`)],
      /at most 2000 characters/,
    ],
  ];
  for (const [name, clientName, redirectUris, message] of over) {
    await t.test(`${name}: 400 naming the limit, nothing stored`, async () => {
      const before = await names();
      const response = await register(clientName, redirectUris);
      assert.equal(response.status, 400);
      const body = await errorBody(response);
      assert.equal(body.code, "validation_error");
      assert.match(body.error, message);
      assert.deepEqual(await names(), before);
    });
  }

  await t.test("a name another client has, in any case: 409, nothing stored", async () => {
    const before = await names();
    const response = await register("  SANDBOX agent PLATFORM ", [uri("cb")]);
    assert.equal(response.status, 409);
    const body = await errorBody(response);
    assert.equal(body.code, "client_name_taken");
    assert.match(body.error, /"Sandbox Agent Platform" is already registered/);
    assert.deepEqual(await names(), before);
  });

  await t.test("concurrent registrations of one name: exactly one is stored", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => register(index % 2 ? "Racing agent" : "racing AGENT", [uri("race")])),
    );
    assert.deepEqual(responses.map((response) => response.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409]);
    assert.equal((await names()).filter((name) => name.toLowerCase() === "racing agent").length, 1);
  });
});
