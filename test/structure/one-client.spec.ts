import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";

/** The clients that must send every request through src/client/ (src/check/ probes a deployment with requests of its own). */
const CLIENTS = ["src/agent", "src/cli", "src/scenario", "src/tui"];

/** Ways to send a request of one's own: the global fetch called bare, node's http(s) clients, undici (a server of node:http, as MCP's, is no request). */
const OWN_REQUEST = [
  /(?<![.\w])fetch\(\s*[^)\s]/,
  /\bhttps?\.(?:request|get)\(/,
  /import\s*\{[^}]*\b(?:request|get)\b[^}]*\}\s*from "node:https?"/,
  /from "undici"/,
];

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

test("the terminal UI, the agent, the scenario runner and the CLI make every request through the one client (src/client/)", async () => {
  const found: string[] = [];
  for (const dir of CLIENTS)
    for (const file of await sources(dir)) {
      const text = await readFile(file, "utf8");
      for (const pattern of OWN_REQUEST) if (pattern.test(text)) found.push(`${file}: ${pattern}`);
    }
  assert.deepEqual(found, []);
});

test("the check sees a bare fetch, node's http client and undici for what they are", () => {
  const sends = [
    "await fetch(url)",
    'http.request({ host: "x" })',
    'import { request } from "node:http";',
    'from "undici"',
  ];
  for (const text of sends)
    assert.ok(
      OWN_REQUEST.some((pattern) => pattern.test(text)),
      text,
    );
  const others = [
    "client.fetch(url)",
    "this.options.fetch(url)",
    "refetch(x)",
    "browsers and fetch() may call",
    'import { type Server } from "node:http";',
  ];
  for (const text of others) assert.ok(!OWN_REQUEST.some((pattern) => pattern.test(text)), text);
});
