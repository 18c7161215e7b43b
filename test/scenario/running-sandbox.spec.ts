import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { startFullSandbox } from "../helpers/agent.ts";
import { login } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

/** A scenario file in a temp dir of the test's. */
async function scenarioFile(t: { after(fn: () => unknown): void }, name: string, yaml: string): Promise<string> {
  const file = join(await tempDir(t), name);
  await writeFile(file, yaml);
  return file;
}

/** What the sandbox's journal holds, as GET /__sandbox/journal answers it. */
async function journalPaths(url: string): Promise<string[]> {
  const response = await fetch(`${url}/__sandbox/journal`);
  assert.equal(response.status, 200);
  const { entries } = (await response.json()) as { entries: { method: string; path: string }[] };
  return entries.map((entry) => `${entry.method} ${entry.path}`);
}

const CHECKS_ADA = `name: another agent read Ada's orders
steps:
  - name: Ada's orders were read, once, and nothing was added to a cart
    journal:
      expect:
        - { server: storefront, method: GET, path: /api/orders, user: ada@example.com, status: 200, count: 1 }
        - { server: storefront, method: POST, path: /api/cart/items, count: 0 }
`;

test(
  "sandbox run --data-dir checks with a journal step what was done before on the sandbox running there, one scenario at a time",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const sandbox = await startFullSandbox(t, {}, dataDir);
    const storefront = sandbox.urls.storefront!;
    // What "another agent" did before the scenario runs.
    const token = await login(storefront);
    const orders = await fetch(`${storefront}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(orders.status, 200);
    const file = await scenarioFile(t, "checks.yaml", CHECKS_ADA);

    const passed = await runInProcess(["run", file, file, "--data-dir", dataDir, "--jobs", "4"]);
    assert.equal(passed.code, 0, passed.stdout + passed.stderr);
    assert.match(passed.stdout, /^2 passed, 0 failed$/m);
    assert.match(
      passed.stderr,
      /^sandbox run: --jobs 4: one scenario at a time against a running sandbox, whose clock, faults and journal are global to it\.$/m,
    );

    // The same check after a second read fails, saying what the journal holds.
    await fetch(`${storefront}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
    const failed = await runInProcess(["run", file, "--data-dir", dataDir]);
    assert.equal(failed.code, 1, failed.stdout + failed.stderr);
    assert.match(failed.stdout, /expected 1 of GET storefront \/api\/orders 200 for ada@example\.com, received 2/);
    assert.match(failed.stdout, /^0 passed, 1 failed$/m);
    assert.equal(failed.stderr, "", "one scenario: no word about --jobs");
  },
);

test(
  "sandbox run --data-dir refuses, before anything runs, a scenario's data: and a step that clears the journal, naming file and step",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const sandbox = await startFullSandbox(t, {}, dataDir);
    const storefront = sandbox.urls.storefront!;
    await login(storefront);
    const before = await journalPaths(storefront);
    const clears = await scenarioFile(
      t,
      "clears.yaml",
      `name: clears the journal
steps:
  - request: { server: storefront, path: /api/products }
  - request: { server: wallet, method: DELETE, path: "/__sandbox/./journal?since=0" }
  - request: { server: host, method: POST, path: /__sandbox/reset/ }
`,
    );
    const imports = await scenarioFile(
      t,
      "imports.yaml",
      `name: brings its own data
data: { storefront: { products: [] } }
steps:
  - journal: { expect: [{ server: storefront }] }
`,
    );
    const refused = await runInProcess(["run", clears, imports, "--data-dir", dataDir]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.equal(refused.stdout, "");
    const rest =
      "which others may rely on: remove it, or run the scenario without --data-dir, against a sandbox of its own";
    assert.deepEqual(refused.stderr.trimEnd().split("\n"), [
      `${clears}: step 2 (DELETE /__sandbox/./journal?since=0) would clear the journal of the sandbox on ${dataDir}, ${rest}`,
      `${clears}: step 3 (POST /__sandbox/reset/) would reset the data of the sandbox on ${dataDir}, ${rest}`,
      `${imports}: data: would replace the data of the sandbox on ${dataDir}, ${rest}`,
      "Nothing ran.",
    ]);
    assert.deepEqual(await journalPaths(storefront), before, "not even step 1 ran");

    const empty = await tempDir(t);
    const none = await runInProcess(["run", clears, "--data-dir", empty]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, new RegExp(`^No sandbox runs on ${empty}: start one with npx sandbox start --data-dir`));
    const both = await runInProcess(["run", clears, "--data-dir", dataDir, "--storefront", storefront]);
    assert.equal(both.code, 2);
    assert.match(
      both.stderr,
      /^--data-dir finds a running sandbox, --storefront\/--wallet\/--host name servers: give one or the other\nNothing ran\.\n$/,
    );
  },
);

test(
  "sandbox run --storefront/--wallet/--host runs journal steps where the given servers' controls answer, and refuses them where they do not",
  TIMEOUT,
  async (t) => {
    const sandbox = await startFullSandbox(t);
    const storefront = sandbox.urls.storefront!;
    const token = await login(storefront);
    await fetch(`${storefront}/api/orders`, { headers: { authorization: `Bearer ${token}` } });
    const file = await scenarioFile(t, "checks.yaml", CHECKS_ADA);
    const open = await runInProcess(["run", file, "--storefront", storefront]);
    assert.equal(open.code, 0, open.stdout + open.stderr);
    assert.match(open.stdout, /^1 passed, 0 failed$/m);

    const closed = await startFullSandbox(t, { controls: false });
    const url = closed.urls.storefront!;
    const refused = await runInProcess(["run", file, "--storefront", url]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.equal(refused.stdout, "");
    assert.match(
      refused.stderr,
      new RegExp(
        `^${file}: needs the sandbox's controls \\(step 1 \\(journal\\)\\), which ${url} does not answer \\(.+\\): run it against a sandbox whose controls answer \\(with its token in --control-token or CONTROL_TOKEN\\), or without --storefront/--wallet/--host, against a sandbox of its own\nNothing ran\\.\n$`,
      ),
    );

    // Off loopback the controls demand their token: asked with another, they are closed; with it, open.
    const guarded = await startFullSandbox(t, {
      bind: "0.0.0.0",
      controlToken: "the-team-control-token-of-32-bytes-or-more",
    });
    const guardedUrl = guarded.urls.storefront!;
    const wrongToken = await runInProcess(["run", file, "--storefront", guardedUrl]);
    assert.equal(wrongToken.code, 2, wrongToken.stdout + wrongToken.stderr);
    assert.match(wrongToken.stderr, new RegExp(`which ${guardedUrl} does not answer \\(.*control token.*\\)`, "i"));
    const withToken = await runInProcess([
      "run",
      file,
      "--storefront",
      guardedUrl,
      "--control-token",
      "the-team-control-token-of-32-bytes-or-more",
    ]);
    assert.equal(withToken.code, 1, withToken.stdout + withToken.stderr);
    assert.match(
      withToken.stdout,
      /received 0 \(the journal is empty\)/,
      "its journal step ran there: that sandbox saw no request at all",
    );
  },
);
