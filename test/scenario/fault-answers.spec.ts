import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

test(
  "a scenario's fault answers a 429 with Retry-After, an HTML page and a JSON body cut short",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const file = join(dir, "outages.yaml");
    await writeFile(
      file,
      [
        "name: outages",
        "steps:",
        '  - fault: { add: { service: storefront, route: "GET /api/products", status: 429, headers: { Retry-After: "30" }, times: 1 } }',
        "  - request: { server: storefront, path: /api/products }",
        '    expect: { status: 429, headers: { retry-after: "30" }, body: { "$.code": injected_fault } }',
        '  - fault: { add: { service: storefront, route: "GET /health", status: 502, body: "<h1>502 Bad Gateway</h1>", contentType: text/html, times: 1 } }',
        "  - request: { server: storefront, path: /health }",
        '    expect: { status: 502, headers: { content-type: text/html }, body: { matches: "<h1>502 Bad Gateway</h1>" } }',
        '  - fault: { add: { service: storefront, route: "GET /health", status: 503, body: { error: busy }, truncate: 9, times: 1 } }',
        "  - request: { server: storefront, path: /health }",
        '    expect: { status: 503, body: "{\\"error\\":" }',
      ].join("\n"),
    );
    const result = await runInProcess(["run", file]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /✓ outages/);
  },
);

test("a scenario's fault with a header HTTP does not allow is refused before anything runs", TIMEOUT, async (t) => {
  const dir = await tempDir(t);
  const file = join(dir, "bad-header.yaml");
  await writeFile(
    file,
    [
      "name: bad header",
      "steps:",
      '  - fault: { add: { service: storefront, route: "GET /api/products", status: 503, headers: { Content-Length: "0" } } }',
    ].join("\n"),
  );
  const result = await runInProcess(["run", file]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /\/steps\/0\/fault\/add: Header Content-Length describes the connection/);
});
