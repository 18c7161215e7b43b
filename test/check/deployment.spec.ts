import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type StartedSandbox, startSandbox } from "../../src/index.ts";
import { SERVICE_TOKEN } from "../helpers/agent.ts";
import { areaHeadings, CREDENTIALS, checkArgs, resultLines, resultOf } from "../helpers/check.ts";
import { assertOneLineError, tempDir } from "../helpers/cli.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { ADA, closedPort } from "../helpers/sandbox.ts";
import { elementsNamed, parseXml } from "../helpers/xml.ts";

let sandbox: StartedSandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(() => sandbox.close());

test("against a deployment's URLs, with every credential, --json reports every area passed", async () => {
  const result = await runInProcess(checkArgs(sandbox.urls, ...CREDENTIALS, "--json"));
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const report = JSON.parse(result.stdout) as {
    ok: boolean;
    target: { urls: Record<string, string>; own: boolean };
    summary: { passed: number; failed: number; skipped: number };
    areas: { name: string; checks: { name: string; status: string; reason: string }[] }[];
  };
  assert.equal(report.ok, true);
  assert.deepEqual(report.target.urls, sandbox.urls);
  assert.equal(report.target.own, false);
  assert.deepEqual(
    report.areas.map((area) => area.name),
    ["storefront", "sse", "bff", "wallet", "oauth", "actions"],
  );
  const checks = report.areas.flatMap((area) => area.checks);
  assert.deepEqual(
    checks.filter((check) => check.status === "fail"),
    [],
  );
  assert.equal(report.summary.passed + report.summary.skipped, checks.length);
  assert.equal(report.summary.failed, 0);
  // The second user's checks ran: one user never sees the other's data.
  assert.equal(checks.find((check) => check.name === "another user's transaction")?.status, "ok");
  assert.equal(
    checks.find((check) => check.name === "host app: agent route acts for the user named, not another")?.status,
    "ok",
  );
});

test("--read-only runs only the checks that change nothing, and the data stays as it was", async () => {
  const { controls } = sandbox;
  const before = await controls.exportData();
  const result = await runInProcess(checkArgs(sandbox.urls, ...CREDENTIALS, "--read-only"));
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^Read-only: only the checks that change nothing\.$/m);
  const lines = resultLines(result.stdout);
  assert.deepEqual(
    lines.filter((line) => line.status === "FAIL"),
    [],
  );
  for (const name of [
    "cart add answers the cart as JSON",
    "a change of the cart is delivered",
    "storefront: session registration",
    "token for the code and its PKCE verifier",
    "add_to_cart called once",
  ]) {
    assert.deepEqual(resultOf(lines, name), {
      status: "skip",
      name,
      reason: "it changes data: left out by --read-only",
    });
  }
  for (const name of [
    "catalog lists the products",
    "reconnect with Last-Event-ID gets the current cart",
    "storefront: agent route with a wrong service token",
    "insights add up the Completed transactions of each period",
    "token with a wrong client secret",
    "list_transactions called once",
  ]) {
    assert.equal(resultOf(lines, name).status, "ok", name);
  }
  const { exportedAt: _before, ...was } = before as unknown as Record<string, unknown>;
  const { exportedAt: _after, ...is } = (await controls.exportData()) as unknown as Record<string, unknown>;
  assert.deepEqual(is, was);
});

test("without credentials, the checks that need them are skipped, saying which flag gives them; the others still run", async () => {
  const result = await runInProcess(checkArgs(sandbox.urls));
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.deepEqual(
    lines.filter((line) => line.status === "FAIL"),
    [],
  );
  const missing = [
    "no account given (--user and --password)",
    "no second account given (--second-user and --second-password)",
    "no service token given (--service-token)",
    "no OAuth client given (--client-id, --client-secret and --redirect-uri)",
  ];
  for (const line of lines.filter((candidate) => candidate.status === "skip"))
    assert.ok(missing.includes(line.reason), `${line.name}: ${line.reason}`);
  assert.deepEqual(resultOf(lines, "login with the right password"), {
    status: "skip",
    name: "login with the right password",
    reason: "no account given (--user and --password)",
  });
  assert.equal(
    resultOf(lines, "storefront: agent route without X-End-User-Id").reason,
    "no service token given (--service-token)",
  );
  assert.equal(
    resultOf(lines, "authorize shows the sign-in page").reason,
    "no OAuth client given (--client-id, --client-secret and --redirect-uri)",
  );
  for (const name of [
    "catalog without a token",
    "storefront: agent route with a wrong service token",
    "balance without a token",
    "authorize for an unknown client shows an error page",
  ]) {
    assert.equal(resultOf(lines, name).status, "ok", name);
  }
});

test("--only picks the areas; a server that was not given skips its checks, naming the flag", async () => {
  const result = await runInProcess(
    checkArgs(
      { storefront: sandbox.urls.storefront },
      "--only",
      "wallet,storefront",
      "--user",
      ADA.email,
      "--password",
      ADA.password,
    ),
  );
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.deepEqual(areaHeadings(result.stdout), ["storefront", "wallet"]);
  assert.match(result.stdout, /^ {2}wallet +\(not given: its checks are skipped\)$/m);
  const lines = resultLines(result.stdout);
  assert.equal(resultOf(lines, "orders list").status, "ok");
  assert.equal(resultOf(lines, "balance").reason, "no wallet given (--wallet URL)");
  assert.ok(
    lines
      .filter((line) => ["balance", "direction=income", "unknown transaction"].includes(line.name))
      .every((line) => line.status === "skip"),
  );
});

test("credentials come from CHECK_* environment variables and from the config file's keys as well", async (t) => {
  const cwd = await tempDir(t);
  await writeFile(join(cwd, "sandbox.config.json"), JSON.stringify({ checkServiceToken: SERVICE_TOKEN }));
  const result = await runInProcess(checkArgs({ storefront: sandbox.urls.storefront }, "--only", "bff"), {
    cwd,
    env: { CHECK_USER: ADA.email, CHECK_PASSWORD: ADA.password },
  });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.equal(resultOf(lines, "storefront: agent route acts as the registered user").status, "ok");
  assert.equal(resultOf(lines, "storefront: session logout ends the agent's access").status, "ok");
});

test("usage errors are one line and exit 2", async (t) => {
  // The code of the error the command failed with; none for commander's own usage errors.
  const cases: [string[], RegExp, string | undefined][] = [
    [
      ["check", "--only", "storefront,payments"],
      /^Error: --only takes a comma-separated list of storefront, sse, bff, wallet, oauth, actions; got "storefront,payments"$/,
      "flag_invalid",
    ],
    [
      ["check", "--storefront", "localhost:8084"],
      /^Error: --storefront takes the server's base URL, such as http:\/\/127\.0\.0\.1:8084; got "localhost:8084"$/,
      "flag_invalid",
    ],
    [
      ["check", "--storefront", sandbox.urls.storefront!, "--user", ADA.email],
      /^Error: --user and --password go together: give both, or neither$/,
      "flags_conflict",
    ],
    [
      ["check", "--wallet", sandbox.urls.wallet!, "--client-id", "sandbox-agent-platform"],
      /^Error: --client-id, --client-secret and --redirect-uri go together: give all three, or none$/,
      "flags_conflict",
    ],
    [["check", "--read-only", "--bogus"], /^error: unknown option '--bogus'$/, undefined],
    [
      ["check", "--timeout", "soon"],
      /^Error: --timeout must be a duration such as 90s, 15m or 24h; got "soon"\.$/,
      "config_invalid",
    ],
  ];
  for (const [args, message, code] of cases) {
    await t.test(args.join(" "), async () => {
      const result = await runInProcess(args);
      assert.match(assertOneLineError(result, 2), message);
      assert.equal(result.errorCode, code);
    });
  }
});

test("a server that is down: one line naming its URL and what to do, exit 1, no check run", async () => {
  const port = await closedPort();
  const result = await runInProcess(
    checkArgs({ storefront: sandbox.urls.storefront, wallet: `http://127.0.0.1:${port}` }, ...CREDENTIALS),
  );
  const message = assertOneLineError(result, 1);
  assert.equal(result.errorCode, "sandbox_unreachable");
  assert.equal(
    message,
    `Error: The wallet at http://127.0.0.1:${port} does not answer (connection refused (ECONNREFUSED)). Start it (npx sandbox start --detach starts a sandbox), or correct --wallet.`,
  );
  assert.equal(result.stdout, "");
});

test("a server that is down still gets its reports: --junit and --json name it as the one failure, beside the same line", async (t) => {
  const port = await closedPort();
  const dir = await tempDir(t);
  const wallet = `http://127.0.0.1:${port}`;
  const result = await runInProcess(
    checkArgs({ storefront: sandbox.urls.storefront, wallet }, ...CREDENTIALS, "--json", "--junit", "out/check.xml"),
    { cwd: dir },
  );
  const line = `The wallet at ${wallet} does not answer (connection refused (ECONNREFUSED)). Start it (npx sandbox start --detach starts a sandbox), or correct --wallet.`;
  assert.equal(result.code, 1);
  assert.equal(result.errorCode, "sandbox_unreachable");
  assert.equal(result.stderr, `Error: ${line}\n`);
  const report = JSON.parse(result.stdout) as {
    ok: boolean;
    summary: { passed: number; failed: number; skipped: number };
    areas: { name: string; checks: { name: string; status: string; reason: string }[] }[];
  };
  assert.equal(report.ok, false);
  assert.deepEqual([report.summary.passed, report.summary.failed, report.summary.skipped], [0, 1, 0]);
  assert.deepEqual(
    report.areas.map((area) => ({
      name: area.name,
      checks: area.checks.map(({ name, status, reason }) => ({ name, status, reason })),
    })),
    [{ name: "servers", checks: [{ name: `the wallet answers at ${wallet}`, status: "fail", reason: line }] }],
  );
  const xml = parseXml(await readFile(join(dir, "out/check.xml"), "utf8"));
  assert.deepEqual([xml.attributes.tests, xml.attributes.failures], ["1", "1"]);
  const [testcase] = elementsNamed(xml, "testcase");
  assert.equal(testcase!.attributes.name, `the wallet answers at ${wallet}`);
  assert.equal(elementsNamed(testcase!, "failure")[0]!.attributes.message, line);
});
