import assert from "node:assert/strict";
import { test } from "node:test";
import { lines, startArgs, tempDir, WALLET_LINE } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";

const TIMEOUT = { timeout: 60_000 };

test("oauth add-client and clients on a data dir with no sandbox running", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const added = await runInProcess([
    "oauth",
    "add-client",
    "--name",
    "My agent",
    "--redirect-uri",
    "http://localhost:5173/callback",
    "--redirect-uri",
    "https://agent.example.com/cb",
    "--data-dir",
    dataDir,
  ]);
  assert.equal(added.code, 0, added.stderr);
  const id = /^ {2}id: +(\S+) +\(client_id\)$/m.exec(added.stdout)?.[1];
  const secret = /^ {2}secret: +(\S+) +\(client_secret;/m.exec(added.stdout)?.[1];
  assert.ok(id && secret, added.stdout);
  assert.match(added.stdout, /shown only now/);

  const listed = await runInProcess(["oauth", "clients", "--data-dir", dataDir, "--json"]);
  const clients = JSON.parse(listed.stdout) as { id: string; name: string; redirectUris: string[] }[];
  assert.deepEqual(
    clients.map((client) => client.id),
    ["sandbox-agent-platform", id],
  );
  assert.deepEqual(clients[1]!.redirectUris, ["http://localhost:5173/callback", "https://agent.example.com/cb"]);
  assert.ok(!listed.stdout.includes(secret), "secrets are not kept, so not listed");

  const table = await runInProcess(["oauth", "clients", "--data-dir", dataDir]);
  assert.match(lines(table.stdout)[0]!, /^ID +NAME +REDIRECT URIS$/);
});

test("oauth add-client on a running sandbox registers at once, and the client can sign in", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const { cli } = await startInProcess(t, startArgs(dataDir));
  const walletUrl = WALLET_LINE.exec(lines(cli.stdout()).find((line) => WALLET_LINE.test(line)) ?? "")?.[1];
  assert.ok(walletUrl);
  const added = await runInProcess([
    "oauth",
    "add-client",
    "--name",
    "Live agent",
    "--redirect-uri",
    "http://127.0.0.1:4000/cb",
    "--data-dir",
    dataDir,
    "--json",
  ]);
  assert.equal(added.code, 0, added.stderr);
  const client = JSON.parse(added.stdout) as { id: string; secret: string };
  const page = await fetch(
    `${walletUrl}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: client.id, redirect_uri: "http://127.0.0.1:4000/cb" })}`,
  );
  assert.equal(page.status, 200, "the running wallet knows the new client");
  assert.match(await page.text(), /Live agent/);
  const again = await runInProcess([
    "oauth",
    "add-client",
    "--name",
    "LIVE AGENT",
    "--redirect-uri",
    "http://127.0.0.1:4001/cb",
    "--data-dir",
    dataDir,
  ]);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /"Live agent" is already registered/);
  assert.equal(lines(again.stderr).length, 1);
  assert.equal((await cli.stop()).code, 0);
});

test("oauth add-client refuses bad registrations in one line", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const cases: [string[], RegExp][] = [
    [["--name", "X", "--redirect-uri", "http://evil.example.com/cb"], /plain http/],
    [["--name", "X", "--redirect-uri", "not a uri"], /absolute URI/],
    [["--name", "X", "--redirect-uri", "https://a.example.com/cb#frag"], /fragment/],
    [["--name", " ", "--redirect-uri", "https://a.example.com/cb"], /name/],
    [
      ["--name", "sandbox agent platform", "--redirect-uri", "https://a.example.com/cb"],
      /"Sandbox Agent Platform" is already registered/,
    ],
  ];
  for (const [args, message] of cases) {
    const result = await runInProcess(["oauth", "add-client", ...args, "--data-dir", dataDir]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, message);
    assert.equal(lines(result.stderr).length, 1);
  }
  const missing = await runInProcess(["oauth", "add-client", "--name", "X", "--data-dir", dataDir]);
  assert.notEqual(missing.code, 0);
  assert.match(missing.stderr, /--redirect-uri/);
});
