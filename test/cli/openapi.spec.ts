import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import type { OpenApiDocument } from "../../src/openapi/document.ts";
import { tempDir } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 60_000 };

test(
  "sandbox openapi --service prints that server's document, for the URL and wallet prefix of the settings",
  TIMEOUT,
  async () => {
    const result = await runInProcess(["openapi", "--service", "wallet", "--wallet-prefix", "/v2/money"], {
      env: { WALLET_PORT: "9083" },
    });
    assert.equal(result.code, 0, result.stderr);
    const document = JSON.parse(result.stdout) as OpenApiDocument;
    assert.equal(document.openapi, "3.1.0");
    assert.deepEqual(
      document.servers.map((server) => server.url),
      ["http://127.0.0.1:9083"],
    );
    assert.ok(document.paths["/v2/money/transactions/{id}"]?.get, Object.keys(document.paths).join(", "));
    assert.ok(document.paths["/oauth/token"]?.post);
  },
);

test("sandbox openapi --out writes <service>.openapi.json for each server", TIMEOUT, async (t) => {
  const dir = await tempDir(t);
  const result = await runInProcess(["openapi", "--out", join(dir, "docs")]);
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual((await readdir(join(dir, "docs"))).sort(), [
    "host.openapi.json",
    "storefront.openapi.json",
    "wallet.openapi.json",
  ]);
  const storefront = JSON.parse(
    await readFile(join(dir, "docs", "storefront.openapi.json"), "utf8"),
  ) as OpenApiDocument;
  assert.deepEqual(
    storefront.servers.map((server) => server.url),
    ["http://127.0.0.1:8084"],
  );
  assert.match(result.stdout, /^Wrote .*storefront\.openapi\.json$/m);
});

test("sandbox openapi: an unknown --service is a usage error", TIMEOUT, async () => {
  const result = await runInProcess(["openapi", "--service", "ledger"]);
  assert.deepEqual([result.code, result.errorCode], [2, "flag_invalid"]);
  assert.equal(result.stderr, 'Error: --service must be one of storefront, wallet, host; got "ledger"\n');
});
