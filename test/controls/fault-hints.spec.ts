import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { startSandbox } from "../../src/index.ts";
import { formatBanner } from "../../src/runtime/banner.ts";
import { dataDirArgument } from "../../src/runtime/cli-hints.ts";
import { startFullSandbox } from "../helpers/agent.ts";
import { closeWhenDone } from "../helpers/deadline.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { errorBody, tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

/** The hint of a fault's answer on the storefront's catalog. */
async function faultHint(url: string): Promise<string | undefined> {
  await new ControlsClient(url).addFault({ service: "storefront", route: "GET /api/products", status: 503 });
  const answer = await fetch(`${url}/api/products`);
  assert.equal(answer.status, 503);
  return (await errorBody(answer)).hint;
}

test(
  "a sandbox the CLI starts: its faults and its banner name the --data-dir a command needs to find it",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const sandbox = await startFullSandbox(t, {}, dataDir);
    assert.equal(
      await faultHint(sandbox.urls.storefront!),
      `Remove it with: npx sandbox fault clear f1 --data-dir ${dataDir}`,
    );
    assert.match(
      formatBanner(sandbox),
      new RegExp(
        `^Terminal UI: npx sandbox ui --data-dir ${dataDir} \\(in another terminal\\), or start with --ui$`,
        "m",
      ),
    );
    // On the default data dir (./data, where a command looks without the flag) there is no flag to give.
    assert.match(
      formatBanner({ ...sandbox, dataDir: resolve("data") }),
      /^Terminal UI: npx sandbox ui \(in another terminal\), or start with --ui$/m,
    );
    for (const [dir, argument] of [
      ["./data", ""],
      [resolve("data"), ""],
      ["/tmp/team sandbox", " --data-dir '/tmp/team sandbox'"],
      ["other", " --data-dir other"],
    ])
      assert.equal(dataDirArgument(dir!), argument, dir);
  },
);

test("startSandbox's faults say the controls call that removes them, not a CLI command", TIMEOUT, async (t) => {
  const sandbox = await startSandbox({ settings: { only: "storefront" }, logError: () => {} });
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  assert.equal(await faultHint(sandbox.urls.storefront), 'Remove it with: sandbox.controls.clearFaults("f1")');
});

test(
  "inside a scenario sandbox run starts, a fault says the scenario's fault step that removes it",
  TIMEOUT,
  async (t) => {
    const file = join(await tempDir(t), "fault-hint.yaml");
    await writeFile(
      file,
      [
        "name: fault hint",
        "steps:",
        '  - fault: { add: { service: storefront, route: "GET /api/products", status: 503 } }',
        "  - request: { server: storefront, path: /api/products, as: ada@example.com }",
        "    expect:",
        "      status: 503",
        '      body: { "$.hint": "Remove it with the scenario\'s fault step: fault: { clear: f1 }" }',
      ].join("\n"),
    );
    const result = await runInProcess(["run", file]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.doesNotMatch(result.stdout + result.stderr, /npx sandbox fault clear/);
  },
);
