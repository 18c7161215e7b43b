import assert from "node:assert/strict";
import { test } from "node:test";
import { verifyIdentity } from "../../src/identity/index.ts";
import { asAgent, SERVICE_TOKEN } from "../helpers/agent.ts";
import { identityFor, postEmbed, startEmbedSandbox } from "../helpers/embed.ts";
import { ADA, errorBody, NGOZI, TUNDE } from "../helpers/sandbox.ts";

test("POST /embed/api/sessions: preview only, registers both agent sessions as the app would", async (t) => {
  const sandbox = await startEmbedSandbox(t);
  const { host } = sandbox;
  const storefront = sandbox.urls.storefront!;
  assert.equal(sandbox.secrets.bffServiceToken, SERVICE_TOKEN);
  const identity = await identityFor(sandbox, TUNDE.id);

  await t.test("refusals: no session (403), a bad identity (401), a user the sandbox does not know (404)", async () => {
    const cases: { body: Record<string, unknown>; status: number; code: string }[] = [
      { body: { endUser: TUNDE.id, identity }, status: 403, code: "preview_only" },
      { body: { endUser: TUNDE.id, identity, session: " " }, status: 403, code: "preview_only" },
      { body: { endUser: TUNDE.id, session: "preview-1" }, status: 401, code: "identity_invalid" },
      {
        body: { endUser: TUNDE.id, identity: await identityFor(sandbox, ADA.id), session: "preview-1" },
        status: 401,
        code: "identity_invalid",
      },
      {
        body: { endUser: "00000000-0000-4000-8000-000000000000", identity, session: "preview-1" },
        status: 404,
        code: "user_not_found",
      },
      { body: { identity, session: "preview-1" }, status: 400, code: "validation_error" },
    ];
    for (const { body, status, code } of cases) {
      const response = await postEmbed(host, "sessions", body);
      assert.equal(response.status, status, JSON.stringify(body));
      assert.equal((await errorBody(response)).code, code);
    }
    assert.equal((await asAgent(storefront, "/api/agent/orders", TUNDE.id)).status, 401, "still no session");
  });

  await t.test("registers the storefront's and the host app's sessions", async () => {
    const response = await postEmbed(host, "sessions", { endUser: TUNDE.id, identity, session: "preview-1" });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { registered: ["storefront", "host"] });
    assert.equal((await asAgent(storefront, "/api/agent/orders", TUNDE.id)).status, 200);
    assert.equal((await asAgent(host, "/api/agent/wallet", TUNDE.id)).status, 200);
    assert.equal((await asAgent(host, "/api/agent/wallet", NGOZI.id)).status, 401, "for that user only");
  });
});

test("POST /embed/api/identity: a fresh token and the embed URLs, for demo users only", async (t) => {
  const sandbox = await startEmbedSandbox(t);
  const { host } = sandbox;

  const response = await postEmbed(host, "identity", { userId: ADA.id });
  assert.equal(response.status, 200);
  const body = (await response.json()) as {
    identity: string;
    expiresAt: string;
    urls: { drawer: string; launcher: string };
  };
  const check = await verifyIdentity(body.identity, { secret: sandbox.secrets.signingSecret, users: sandbox.users });
  assert.ok(check.valid && check.claims.sub === ADA.id, "the token verifies, for Ada");
  const lifetime = Date.parse(body.expiresAt) - Date.now();
  assert.ok(lifetime > 590_000 && lifetime <= 600_000, `the default 10 minutes (${lifetime} ms)`);
  for (const mode of ["drawer", "launcher"] as const) {
    const url = new URL(body.urls[mode]);
    assert.equal(`${url.origin}${url.pathname}`, `${host}/embed`);
    assert.deepEqual([...url.searchParams.keys()], ["mode", "endUser", "identity", "session"]);
    assert.equal(url.searchParams.get("mode"), mode);
    assert.equal(url.searchParams.get("endUser"), ADA.id);
    assert.equal(url.searchParams.get("identity"), body.identity);
    assert.match(url.searchParams.get("session") ?? "", /^preview-[0-9a-f]{8}$/);
    assert.equal((await fetch(url)).status, 200, "the page opens verified");
  }

  for (const [userId, status, code] of [
    ["00000000-0000-4000-8000-000000000000", 404, "user_not_found"],
    [42, 400, "validation_error"],
    [undefined, 400, "validation_error"],
  ] as const) {
    const refused = await postEmbed(host, "identity", userId === undefined ? {} : { userId });
    assert.equal(refused.status, status, String(userId));
    assert.equal((await errorBody(refused)).code, code);
  }
});
