import assert from "node:assert/strict";
import { test } from "node:test";
import { OPTIONS } from "../../src/config/options.ts";
import { login, startArgs, startCli, tempDir } from "../helpers/cli.ts";
import { openFlood, timedRequest } from "../helpers/flood.ts";

const FLOOD = 5_000;
const CAP = Number(OPTIONS.find((option) => option.key === "maxConnections")!.default);

// How fast they answer during a flood is `npm run bench`'s (its flood section): here, that they do.
test(`a flood of ${FLOOD} trickling sockets: /health and a cart add still answer, and the server holds no more than its cap`, {
  timeout: 30_000,
}, async (t) => {
  const { url } = await startCli(t, startArgs(await tempDir(t), "--only", "storefront"));
  const token = await login(url);

  const flood = await openFlood([url], FLOOD);
  t.after(() => flood.stop());
  assert.ok(flood.connected >= FLOOD * 0.95, `${flood.connected} of ${FLOOD} flood sockets connected`);

  const health = await timedRequest(`${url}/health`);
  assert.equal(health.status, 200);
  const add = await timedRequest(`${url}/api/cart/items`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 }),
  });
  assert.equal(add.status, 200);
  // The server holds at most its cap: older flood sockets made room for newer ones and for us.
  await until(() => flood.open <= CAP, 3_000);
  assert.ok(flood.open <= CAP, `${flood.open} flood sockets still open, past the cap of ${CAP}`);
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}
