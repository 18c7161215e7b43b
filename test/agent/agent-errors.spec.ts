import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";
import { signInAsApp } from "../../src/agent/as-app.ts";
import { SandboxError } from "../../src/errors.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { assertOneLineError, type CliExit, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";
import { ADA } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 60_000 };

function agent(dataDir: string, ...args: string[]): Promise<CliExit> {
  return runInProcess(["agent", ...args, "--user", "ada@example.com", "--data-dir", dataDir], {}, 20_000);
}

test(
  "agent ask when the storefront refuses the demo password: one line, exit 1, and reset brings the user back",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const { url } = await startInProcess(t, startArgs(dataDir));
    const exported = (await (await fetch(`${url}/__sandbox/export`)).json()) as {
      services: { storefront: { users: { email: string; password: string }[] } };
    };
    exported.services.storefront.users.find((user) => user.email === ADA.email)!.password = "changed-since";
    const imported = await fetch(`${url}/__sandbox/import`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(exported),
    });
    assert.equal(imported.status, 200, await imported.text());

    const refused = await agent(dataDir, "ask", "Show my orders");
    assert.equal(
      assertOneLineError(refused),
      `Error: The storefront at ${url} refused the demo password of ada@example.com (401 Wrong email or password): its data has other users than the demo users (an import?); npx sandbox reset --only storefront brings them back`,
    );
    assert.equal(refused.stdout, "");

    assert.equal((await runInProcess(["reset", "--only", "storefront", "--data-dir", dataDir])).code, 0);
    const asked = await agent(dataDir, "ask", "Show my orders");
    assert.equal(asked.code, 0, asked.stderr);
  },
);

test(
  "agent ask when a fault refuses the app's sign-in or its agent session: one line naming the fault",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const { url } = await startInProcess(t, startArgs(dataDir));
    const fault = async (route: string) => {
      const result = await runInProcess([
        ...["fault", "add", "--service", "storefront", "--route", route],
        ...["--status", "503", "--times", "1", "--data-dir", dataDir],
      ]);
      assert.equal(result.code, 0, result.stderr);
    };

    await fault("POST /api/auth/login");
    assert.equal(
      assertOneLineError(await agent(dataDir, "ask", "Show my orders")),
      `Error: Signing ada@example.com in to the storefront at ${url} as the app failed: 503 Injected fault f1: POST /api/auth/login on the storefront answers 503 (a sandbox fault). Remove it with: npx sandbox fault clear f1 --data-dir ${dataDir}`,
    );
    await fault("POST /api/agent/session");
    assert.equal(
      assertOneLineError(await agent(dataDir, "ask", "Show my orders")),
      `Error: Registering the agent session of ada@example.com at the storefront (${url}) failed: 503 Injected fault f2: POST /api/agent/session on the storefront answers 503 (a sandbox fault). Remove it with: npx sandbox fault clear f2 --data-dir ${dataDir}`,
    );
  },
);

test(
  "agent call of an action on a server the sandbox does not run: one line, exit 1, nothing sent",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    await startInProcess(t, startArgs(dataDir, "--only", "storefront"));
    const result = await agent(dataDir, "call", "list_transactions");
    assert.equal(
      assertOneLineError(result),
      "Error: list_transactions calls the wallet, which this sandbox does not run (see its --only): nothing was sent",
    );
  },
);

test(
  "agent ask with no sandbox running (exit 1) or a --user who is no demo user (a usage error, exit 2)",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    assert.equal(
      assertOneLineError(await agent(dataDir, "ask", "Show my orders")),
      `Error: No sandbox runs on ${dataDir}: start one with npx sandbox start (or point --data-dir at its data dir)`,
    );
    await startInProcess(t, startArgs(dataDir));
    const unknown = await runInProcess(
      ["agent", "ask", "Show my orders", "--user", "eve@example.com", "--data-dir", dataDir],
      {},
      20_000,
    );
    assert.equal(
      assertOneLineError(unknown, 2),
      'Error: No demo user has the email "eve@example.com" (npx sandbox users lists them).',
    );
  },
);

test("signing in as the app at a server that does not answer is a SandboxError the user can act on", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const [ada] = await loadDemoUsers();
  await assert.rejects(signInAsApp({ storefront: base }, ada!), (error: unknown) => {
    assert.ok(error instanceof SandboxError);
    assert.deepEqual(
      [error.code, error.expected, error.exitCode, error.status],
      ["sandbox_unreachable", true, 1, undefined],
    );
    assert.match(
      error.message,
      new RegExp(`^The storefront at ${base} did not answer \\(.+\\): is the sandbox still running\\?`),
    );
    return true;
  });
});

test("signing in as the app, an answer off the login's contract is one line naming where it departs", async (t) => {
  // A server that answers every login 200 with a token of the wrong type.
  const server = createServer((_request, response) =>
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ token: 42 })),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const [ada] = await loadDemoUsers();
  await assert.rejects(signInAsApp({ storefront: base }, ada!), (error: unknown) => {
    assert.ok(error instanceof SandboxError);
    assert.deepEqual([error.code, error.expected, error.exitCode], ["answer_off_contract", true, 1]);
    assert.equal(
      error.message,
      `The storefront at ${base} answered POST /api/auth/login with a body its contract does not allow (the body must have required property 'user'): is it a sandbox of this version?`,
    );
    return true;
  });
});
