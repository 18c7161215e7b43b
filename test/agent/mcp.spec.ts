import assert from "node:assert/strict";
import { request } from "node:http";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { mcpEndpoint } from "../helpers/agent.ts";
import { cliEnv, lines, login, PROJECT_ROOT, spawnCli, startArgs, tempDir } from "../helpers/cli.ts";
import { closeWhenDone } from "../helpers/deadline.ts";
import { startInProcess } from "../helpers/in-process.ts";
import { openRawStream } from "../helpers/sse.ts";

const TEXT = (result: unknown) =>
  (result as { content: { type: string; text: string }[] }).content.map((part) => part.text);

test("the MCP server, driven by the SDK's own client over stdio and streamable HTTP", {
  timeout: 60_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  // The sandbox runs in the test process; the MCP servers are processes, as an MCP client starts them.
  const { cli, url } = await startInProcess(t, startArgs(dataDir));

  const stdio = new StdioClientTransport({
    command: process.execPath,
    args: ["bin/sandbox.js", "mcp", "--user", "ada@example.com", "--data-dir", dataDir],
    cwd: PROJECT_ROOT,
    env: cliEnv() as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "sandbox-test", version: "1.0.0" });
  await client.connect(stdio);
  closeWhenDone(t, "the stdio MCP client's close()", () => client.close());

  await t.test("lists the actions as tools with their JSON Schemas", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      "add_to_cart",
      "get_orders",
      "get_spending_income_insights",
      "get_transaction_status",
      "get_wallet",
      "list_transactions",
      "search_products",
    ]);
    const insights = tools.find((tool) => tool.name === "get_spending_income_insights")!;
    assert.deepEqual((insights.inputSchema.properties as Record<string, { enum?: string[] }>).period?.enum, [
      "7d",
      "30d",
      "90d",
      "1y",
    ]);
    assert.deepEqual(insights.inputSchema.required, ["period"]);
  });

  await t.test("a tool call goes through the BFF path, and the cart event reaches the user's stream", async () => {
    const token = await login(url);
    const stream = await openRawStream(`${url}/api/cart/stream?access_token=${token}`);
    t.after(() => stream.close());
    await stream.until((messages) => messages.some((message) => message.event === "cart"));
    const result = await client.callTool({
      name: "add_to_cart",
      arguments: { product_id: "ofada-rice-5kg", quantity: 2 },
    });
    assert.equal(result.isError, false);
    assert.match(TEXT(result)[0]!, /Added 2 × Ofada Rice/);
    const messages = await stream.until((all) => all.filter((message) => message.event === "cart").length === 2);
    assert.match(messages.filter((message) => message.event === "cart")[1]!.data!, /"quantity":2/);
  });

  await t.test("per-call end user; a missing parameter is a tool error and nothing is sent", async () => {
    const orders = await client.callTool({ name: "get_orders", arguments: { end_user_id: "tunde@example.com" } });
    assert.equal(orders.isError, false);
    assert.equal(TEXT(orders)[0], "Tunde Bakare has no orders yet.");
    const missing = await client.callTool({ name: "get_transaction_status", arguments: {} });
    assert.equal(missing.isError, true);
    assert.match(TEXT(missing)[0]!, /needs "transaction_id"; nothing was sent/);
  });

  await t.test("answers name the user they are about, whether given per call or at start", async () => {
    const other = await client.callTool({ name: "get_wallet", arguments: { end_user_id: "tunde@example.com" } });
    assert.equal(other.isError, false);
    assert.match(TEXT(other)[0]!, /^Tunde Bakare's balance is [\d,.]+ \w{3}\.$/);
    const own = await client.callTool({ name: "get_wallet", arguments: {} });
    assert.match(TEXT(own)[0]!, /^Ada Okafor's balance is /);
    assert.notEqual(JSON.parse(TEXT(other)[1]!).balance, undefined, "the body comes as it was");
  });

  await t.test("streamable HTTP serves the same tools", async () => {
    const server = spawnCli(t, [
      "mcp",
      "--user",
      "ada@example.com",
      "--data-dir",
      dataDir,
      "--http",
      "0",
      "--allowed-hosts",
      "mcp.test",
    ]);
    const endpoint = await mcpEndpoint(server);
    const http = new Client({ name: "sandbox-test-http", version: "1.0.0" });
    await http.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    closeWhenDone(t, "the HTTP MCP client's close()", () => http.close());
    const result = await http.callTool({ name: "get_spending_income_insights", arguments: { period: "7d" } });
    assert.equal(result.isError, false);
    assert.match(TEXT(result)[0]!, /^Over the last 7 days \(\d+ \w+ – \d+ \w+\) Ada Okafor spent/);
    const mcp = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.equal(mcp.headers.get("x-content-type-options"), "nosniff");
    await mcp.body?.cancel();
    const elsewhere = await fetch(new URL("/other", endpoint));
    assert.equal(elsewhere.status, 404);
    assert.equal(elsewhere.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(elsewhere.headers.get("x-content-type-options"), "nosniff");
    assert.equal(((await elsewhere.json()) as { code: string }).code, "not_found");

    // No web page reaches the endpoint by DNS rebinding: a Host or an Origin it is not known by is refused.
    const port = new URL(endpoint).port;
    const rebound = await initialize(endpoint, {
      host: `attacker.example:${port}`,
      origin: `http://attacker.example:${port}`,
    });
    assert.deepEqual([rebound.status, rebound.body.code], [421, "unknown_host"]);
    const foreignPage = await initialize(endpoint, { origin: "http://attacker.example" });
    assert.deepEqual([foreignPage.status, foreignPage.body.code], [403, "forbidden_origin"]);
    assert.equal(
      (await initialize(endpoint, { host: `mcp.test:${port}`, origin: "http://localhost:6274" })).status,
      200,
      "--allowed-hosts, and a local page",
    );
    server.kill("SIGTERM");
  });
  assert.ok(lines(cli.stdout()).length > 0);
});

/** An MCP initialize request with the given Host and Origin, which fetch cannot set. */
function initialize(
  endpoint: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-03-26",
      capabilities: {},
      clientInfo: { name: "rebinding-test", version: "1.0.0" },
    },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      endpoint,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: res.headers["content-type"]?.startsWith("application/json")
              ? (JSON.parse(text) as Record<string, unknown>)
              : {},
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
