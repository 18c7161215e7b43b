import assert from "node:assert/strict";
import { test } from "node:test";
import { SESSION_RETENTION_MS } from "../../src/bff/sessions/session-store.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { ADA, errorBody } from "../helpers/sandbox.ts";

const stores = ["memory", "file", ...(process.env.REDIS_URL ? [process.env.REDIS_URL] : [])];

for (const store of stores) {
  test(`expiry by the sandbox clock, the same in the ${store.startsWith("redis") ? "redis" : store} store: token_expired, then no session after the retention`, async (t) => {
    const sandbox = await startFullSandbox(t, { tokenTtl: "2s", sessionStore: store });
    const url = sandbox.urls.storefront!;
    await sessionRequest(url, "POST", { userId: ADA.id, token: await loginAt(url) });
    assert.equal((await asAgent(url, "/api/agent/orders", ADA.id)).status, 200);

    sandbox.clock.advance(5000);
    assert.equal(
      (await errorBody(await asAgent(url, "/api/agent/orders", ADA.id))).code,
      "token_expired",
      "within the retention the protected route's answer passes through",
    );

    sandbox.clock.advance(SESSION_RETENTION_MS);
    const gone = await asAgent(url, "/api/agent/orders", ADA.id);
    assert.equal(gone.status, 401);
    assert.equal((await errorBody(gone)).error, "No active session for this user");
    await sessionRequest(url, "DELETE", { userId: ADA.id });
  });
}
