import assert from "node:assert/strict";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { PROJECT_ROOT, cliEnv, lines, login, spawnCli, startArgs, tempDir } from "../helpers/cli.ts";
import { closeWhenDone } from "../helpers/deadline.ts";
import { startInProcess } from "../helpers/in-process.ts";
import { openRawStream } from "../helpers/sse.ts";

const TEXT = (result: unknown) => ((result as { content: { type: string; text: string }[] }).content).map((part) => part.text);

test("the MCP server, driven by the SDK's own client over stdio and streamable HTTP", { timeout: 60_000 }, async (t) => {
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
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ["add_to_cart", "get_orders", "get_spending_income_insights", "get_transaction_status", "get_wallet", "list_transactions", "search_products"]);
    const insights = tools.find((tool) => tool.name === "get_spending_income_insights")!;
    assert.deepEqual((insights.inputSchema.properties as Record<string, { enum?: string[] }>).period?.enum, ["7d", "30d", "90d", "1y"]);
    assert.deepEqual(insights.inputSchema.required, ["period"]);
  });

  await t.test("a tool call goes through the BFF path, and the cart event reaches the user's stream", async () => {
    const token = await login(url);
    const stream = await openRawStream(`${url}/api/cart/stream?access_token=${token}`);
    t.after(() => stream.close());
    await stream.until((messages) => messages.some((message) => message.event === "cart"));
    const result = await client.callTool({ name: "add_to_cart", arguments: { product_id: "ofada-rice-5kg", quantity: 2 } });
    assert.equal(result.isError, false);
    assert.match(TEXT(result)[0]!, /Added 2 × Ofada Rice/);
    const messages = await stream.until((all) => all.filter((message) => message.event === "cart").length === 2);
    assert.match(messages.filter((message) => message.event === "cart")[1]!.data!, /"quantity":2/);
  });

  await t.test("per-call end user; a missing parameter is a tool error and nothing is sent", async () => {
    const orders = await client.callTool({ name: "get_orders", arguments: { end_user_id: "tunde@example.com" } });
    assert.equal(orders.isError, false);
    assert.match(TEXT(orders)[0]!, /No orders yet/);
    const missing = await client.callTool({ name: "get_transaction_status", arguments: {} });
    assert.equal(missing.isError, true);
    assert.match(TEXT(missing)[0]!, /needs "transaction_id"; nothing was sent/);
  });

  await t.test("streamable HTTP serves the same tools", async () => {
    const server = spawnCli(t, ["mcp", "--user", "ada@example.com", "--data-dir", dataDir, "--http", "0"]);
    const endpoint = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /MCP \(streamable HTTP\) at (\S+):/.exec(server.stderr());
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        } else if (server.exited) {
          clearInterval(timer);
          reject(new Error(server.stderr()));
        }
      }, 50);
    });
    const http = new Client({ name: "sandbox-test-http", version: "1.0.0" });
    await http.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    closeWhenDone(t, "the HTTP MCP client's close()", () => http.close());
    const result = await http.callTool({ name: "get_spending_income_insights", arguments: { period: "7d" } });
    assert.equal(result.isError, false);
    assert.match(TEXT(result)[0]!, /^Over the last 7 days you spent/);
    server.kill("SIGTERM");
  });
  assert.ok(lines(cli.stdout()).length > 0);
});
