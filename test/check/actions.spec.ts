import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type StartedSandbox, startSandbox } from "../../src/index.ts";
import { CREDENTIALS, checkArgs, resultLines, resultOf } from "../helpers/check.ts";
import { tempDir } from "../helpers/cli.ts";
import { startContractProxy } from "../helpers/contract-proxy.ts";
import { runInProcess } from "../helpers/in-process.ts";

let sandbox: StartedSandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(() => sandbox.close());

const query = (name: string, schema: Record<string, unknown> = { type: "string" }) => ({ name, in: "query", schema });
const PERIOD = { type: "string", enum: ["7d", "30d", "90d", "1y"] };
const DIRECTION = { type: "string", enum: ["income", "spending"] };
const FLAG = { type: "string", enum: ["true", "false"] };

/** Small hand-made documents of the three servers: just the operations the fixtures' actions call. */
function documents(
  walletQuery = [
    query("period", PERIOD),
    query("from"),
    query("to"),
    query("direction", DIRECTION),
    query("include_insights", FLAG),
  ],
) {
  const doc = (paths: Record<string, unknown>) => ({ openapi: "3.1.0", info: { title: "test", version: "1" }, paths });
  return {
    storefront: doc({
      "/api/agent/products": {
        get: {
          parameters: [query("q"), { name: "X-End-User-Id", in: "header", required: true, schema: { type: "string" } }],
        },
      },
      "/api/agent/cart/items": {
        post: {
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/CartAdd" } } } },
        },
      },
      "/api/agent/orders": { get: { parameters: [query("order_id")] } },
    }),
    wallet: {
      ...doc({
        "/api/wallet/transactions": { get: { parameters: walletQuery } },
        "/api/wallet/transactions/{id}": {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          get: {},
        },
      }),
    },
    host: doc({
      "/api/agent/wallet": {
        get: { parameters: [query("period", PERIOD), query("direction", DIRECTION), query("include_insights", FLAG)] },
      },
    }),
  };
}

/** Each server behind a proxy that serves the given document at /openapi.json. */
async function withDocuments(
  t: { after(fn: () => unknown): void },
  served: ReturnType<typeof documents>,
): Promise<Record<"storefront" | "wallet" | "host", string>> {
  const storefrontDocument = {
    ...served.storefront,
    components: {
      schemas: {
        CartAdd: {
          type: "object",
          required: ["product_id"],
          properties: { product_id: { type: "string" }, quantity: { type: "integer" } },
        },
      },
    },
  };
  return {
    storefront: await startContractProxy(t, sandbox.urls.storefront!, { openapi: storefrontDocument }),
    wallet: await startContractProxy(t, sandbox.urls.wallet!, { openapi: served.wallet }),
    host: await startContractProxy(t, sandbox.urls.host!, { openapi: served.host }),
  };
}

test("each action agrees with the servers' OpenAPI documents and is called once", async (t) => {
  const urls = await withDocuments(t, documents());
  const result = await runInProcess(checkArgs(urls, ...CREDENTIALS, "--only", "actions"));
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.deepEqual(
    lines.filter((line) => line.status !== "ok"),
    [],
  );
  assert.equal(
    resultOf(lines, "add_to_cart agrees with the storefront's OpenAPI document").reason,
    "POST /api/agent/cart/items: body product_id, quantity",
  );
  assert.equal(
    resultOf(lines, "get_transaction_status agrees with the wallet's OpenAPI document").reason,
    "GET /api/wallet/transactions/{id}",
  );
  assert.equal(
    resultOf(lines, "list_transactions agrees with the wallet's OpenAPI document").reason,
    "GET /api/wallet/transactions: query period, from, to, direction, include_insights",
  );
  // The id comes from an earlier answer, as the agent would find it.
  assert.match(
    resultOf(lines, "get_transaction_status called once").reason,
    /^GET \/api\/wallet\/transactions\/txn_ada_\d+ → 200$/,
  );
  assert.equal(
    resultOf(lines, "get_spending_income_insights called once").reason,
    "GET /api/wallet/transactions?period=30d&include_insights=true → 200",
  );
  assert.equal(resultOf(lines, "agent session at the host app cleared").status, "ok");
});

test("a deployment that serves no OpenAPI document is compared with the sandbox's own", async (t) => {
  const urls = {
    storefront: await startContractProxy(t, sandbox.urls.storefront!, { openapi: null }),
    wallet: await startContractProxy(t, sandbox.urls.wallet!, { openapi: null }),
    host: await startContractProxy(t, sandbox.urls.host!, { openapi: null }),
  };
  const result = await runInProcess(checkArgs(urls, ...CREDENTIALS, "--only", "actions"));
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.deepEqual(
    lines.filter((line) => line.status !== "ok"),
    [],
  );
  assert.match(
    result.stdout,
    /the sandbox's own storefront document \(http:\/\/127\.0\.0\.1:\d+\/openapi\.json answered 404\)/,
  );
});

test("an action that sends what the document does not declare, or allows values it does not, fails naming the parameter", async (t) => {
  const narrowed = documents([
    query("period", { type: "string", enum: ["7d", "30d"] }),
    query("from"),
    query("to"),
    query("include_insights", FLAG),
  ]);
  const urls = await withDocuments(t, narrowed);
  const result = await runInProcess(checkArgs(urls, ...CREDENTIALS, "--only", "actions", "--read-only"));
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.deepEqual(resultOf(lines, "get_spending_income_insights agrees with the wallet's OpenAPI document"), {
    status: "FAIL",
    name: "get_spending_income_insights agrees with the wallet's OpenAPI document",
    reason: 'query parameter "period": the action allows 90d, 1y, which the document does not (7d, 30d)',
  });
  assert.equal(
    resultOf(lines, "list_transactions agrees with the wallet's OpenAPI document").reason,
    'query parameter "period": the action allows 90d, 1y, which the document does not (7d, 30d) (and 1 more: sends query parameter "direction", which /api/wallet/transactions does not declare (declared: period, from, to, include_insights))',
  );
  assert.equal(resultOf(lines, "get_transaction_status agrees with the wallet's OpenAPI document").status, "ok");
});

test("definitions of a team's own: a misnamed placeholder and an unknown path fail; a broken folder fails to load", async (t) => {
  const urls = await withDocuments(t, documents());
  const dir = join(await tempDir(t), "actions");
  await mkdir(dir);
  const definition = (name: string, url: string, more: Record<string, unknown> = {}) =>
    writeFile(
      join(dir, `${name}.json`),
      JSON.stringify({
        name,
        description: "test",
        service: "storefront",
        method: "GET",
        url,
        auth: "bff",
        parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
        ...more,
      }),
    );
  await definition("find_by_word", "/api/agent/products?q={{query}}");
  await definition("find_elsewhere", "/api/agent/search?q={{q}}", {
    mapping: { query: "q" },
    parameters: { type: "object", properties: { query: { type: "string", default: "rice" } }, required: ["query"] },
  });
  // A response schema the catalog's answer does not meet: the call fails, saying where the answer departs.
  await definition("find_strictly", "/api/agent/products?q={{q}}", {
    mapping: { query: "q" },
    parameters: { type: "object", properties: { query: { type: "string", default: "rice" } }, required: ["query"] },
    response: { type: "object", required: ["results"] },
  });
  const result = await runInProcess(checkArgs(urls, ...CREDENTIALS, "--only", "actions", "--actions", dir));
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.equal(
    resultOf(lines, "find_by_word agrees with the storefront's OpenAPI document").reason,
    'query parameter "q" takes {{query}}: a placeholder is named as the API\'s parameter it fills (use {{q}} and a mapping)',
  );
  assert.equal(
    resultOf(lines, "find_elsewhere agrees with the storefront's OpenAPI document").reason,
    "no path of the document matches /api/agent/search (paths: /api/agent/products, /api/agent/cart/items, /api/agent/orders)",
  );
  assert.match(
    resultOf(lines, "find_elsewhere called once").reason,
    /^GET \/api\/agent\/search\?q=rice: expected a 2xx answer, got 404 /,
  );
  assert.equal(
    resultOf(lines, "find_strictly called once").reason,
    "GET /api/agent/products?q=rice: the answer departs from the action's response schema: the body must have required property 'results'",
  );
  // No value can be found for a required parameter without a default, values or a fill: said, not guessed.
  assert.equal(
    resultOf(lines, "find_by_word called once").reason,
    'no value found for the required parameter "query" in what the deployment answered so far',
  );

  await writeFile(join(dir, "broken.json"), "{ not json");
  const broken = await runInProcess(checkArgs(urls, ...CREDENTIALS, "--only", "actions", "--actions", dir));
  assert.equal(broken.code, 1);
  const [load] = resultLines(broken.stdout);
  assert.equal(load!.name, "action definitions load");
  assert.match(load!.reason, /broken\.json: not valid JSON/);
});
