import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runInProcess } from "../helpers/in-process.ts";
import { ADA, TUNDE, tempDir } from "../helpers/sandbox.ts";

/**
 * An agent under test that reaches the sandbox through SANDBOX_MCP_URL with the MCP SDK's own
 * client, and tries the lock: its user's wallet, by no end_user_id and by their email in capitals;
 * Tunde's, by his id and by his email. It writes what the tool list and each call said to a file.
 */
const MCP_AGENT = (sdk: { client: string; transport: string }) => `
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Client } from ${JSON.stringify(sdk.client)};
import { StreamableHTTPClientTransport } from ${JSON.stringify(sdk.transport)};

const client = new Client({ name: "lock-test", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(process.env.SANDBOX_MCP_URL)));
for await (const line of createInterface({ input: process.stdin })) {
  const { tools } = await client.listTools();
  const said = [tools.find((tool) => tool.name === "get_wallet").inputSchema.properties.end_user_id.description];
  for (const end_user_id of [undefined, ${JSON.stringify(ADA.email.toUpperCase())}, ${JSON.stringify(TUNDE.id)}, ${JSON.stringify(TUNDE.email)}]) {
    const result = await client.callTool({ name: "get_wallet", arguments: end_user_id ? { end_user_id } : {} });
    said.push((result.isError ? "error: " : "") + result.content[0].text);
  }
  writeFileSync(process.argv[2], JSON.stringify(said));
  console.log(JSON.stringify({ type: "reply", text: "done" }));
}
`;

test("SANDBOX_MCP_URL: an MCP endpoint locked to the scenario's user, reached by the MCP SDK's client; a call for another user is refused and sends nothing", {
  timeout: 120_000,
}, async (t) => {
  const dir = await tempDir(t);
  const sdk = {
    client: import.meta.resolve("@modelcontextprotocol/sdk/client/index.js"),
    transport: import.meta.resolve("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  };
  await writeFile(join(dir, "agent.mjs"), MCP_AGENT(sdk));
  const scenario = join(dir, "lock.yaml");
  await writeFile(
    scenario,
    [
      "name: the lock",
      `user: ${ADA.email}`,
      "steps:",
      "  - say: whose wallet?",
      "    expect:",
      "      calls:",
      `        - { server: host, method: GET, path: /api/agent/wallet, user: ${ADA.email}, status: 200, count: 2 }`,
      `        - { user: ${TUNDE.email}, count: 0 }`,
    ].join("\n"),
  );
  const saidFile = join(dir, "said.json");
  const result = await runInProcess(["run", scenario, "--agent", `node ${join(dir, "agent.mjs")} ${saidFile}`]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const lines: string[] = JSON.parse(await readFile(saidFile, "utf8"));
  assert.deepEqual(lines.slice(0, 1), [
    `The end user's id or email: this endpoint acts for ${ADA.email} (${ADA.id}) only`,
  ]);
  assert.match(lines[1] ?? "", /^Ada Okafor's balance is [\d,.]+ USD\.$/);
  assert.match(lines[2] ?? "", /^Ada Okafor's balance is [\d,.]+ USD\.$/);
  for (const [line, named] of [
    [lines[3], TUNDE.id],
    [lines[4], TUNDE.email],
  ])
    assert.equal(
      line,
      `error: Refused: this MCP endpoint acts for ${ADA.email} (${ADA.id}) only, and end_user_id names "${named}"; nothing was sent`,
    );
});
