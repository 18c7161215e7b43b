import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { SandboxError } from "../../src/errors.ts";
import { startFullSandbox } from "../helpers/agent.ts";

/** Any JSON object. */
const JSON_OBJECT = { type: "object" } as const;

test("every server answers the sandbox's controls, for the whole sandbox", async (t) => {
  const sandbox = await startFullSandbox(t);
  for (const url of Object.values(sandbox.urls)) {
    const health = await new ControlsClient(url).health();
    assert.equal(health.status, "ok");
    assert.deepEqual(health.urls, sandbox.urls);
    assert.equal(health.stats.liveStreams, 0);
    assert.ok(Math.abs(Date.parse(health.now) - Date.now()) < 5000);
  }
});

test("the controls client turns an error answer into a SandboxError with the server's code", async (t) => {
  const sandbox = await startFullSandbox(t);
  await assert.rejects(
    new ControlsClient(sandbox.urls.storefront!).control({
      method: "GET",
      path: "no-such-control",
      description: "a control no server has",
      answer: JSON_OBJECT,
    }),
    (error: unknown) => error instanceof SandboxError && error.code === "not_found" && error.status === 404,
  );
  await assert.rejects(
    new ControlsClient("http://127.0.0.1:9").health(),
    (error: unknown) => error instanceof SandboxError && error.code === "sandbox_unreachable",
  );
});
