import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type StartedSandbox, startSandbox } from "../../src/index.ts";
import { CREDENTIALS, checkArgs, resultLines, resultOf } from "../helpers/check.ts";
import { tempDir } from "../helpers/cli.ts";
import { startContractProxy } from "../helpers/contract-proxy.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { elementsNamed, parseXml } from "../helpers/xml.ts";

let sandbox: StartedSandbox;
before(async () => {
  sandbox = await startSandbox();
});
after(() => sandbox.close());

/** Special characters of XML on purpose: the JUnit file must carry them through. */
const CHANGED_TEXT = `Invalid <agent> & "service" token`;

test("a changed error text fails the checks that expect the spec's text, and the JUnit file names them", async (t) => {
  const storefront = await startContractProxy(t, sandbox.urls.storefront!, {
    rewrites: [
      {
        path: /^\/api\/agent\//,
        json: (body, status) =>
          status === 401 && body.code === "invalid_service_token" ? { ...body, error: CHANGED_TEXT } : body,
      },
    ],
  });
  const dir = await tempDir(t);
  const result = await runInProcess(
    checkArgs({ ...sandbox.urls, storefront }, ...CREDENTIALS, "--only", "bff", "--junit", "bff.xml"),
    { cwd: dir },
  );
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  const expected = `expected 401 invalid_service_token "Invalid agent service token", got 401 invalid_service_token "${CHANGED_TEXT}"`;
  const failed = lines.filter((line) => line.status === "FAIL");
  assert.deepEqual(
    failed.map((line) => line.name),
    ["storefront: agent route without a service token", "storefront: agent route with a wrong service token"],
  );
  assert.ok(
    failed.every((line) => line.reason === expected),
    JSON.stringify(failed),
  );
  // The host app's own answer is untouched: its checks pass.
  assert.equal(resultOf(lines, "host app: agent route with a wrong service token").status, "ok");
  assert.match(result.stdout, /^20 passed, 2 failed, 0 skipped \(/m);

  const xml = parseXml(await readFile(join(dir, "bff.xml"), "utf8"));
  assert.deepEqual([xml.attributes.tests, xml.attributes.failures, xml.attributes.skipped], ["22", "2", "0"]);
  const [suite] = elementsNamed(xml, "testsuite");
  assert.deepEqual([suite!.attributes.name, suite!.attributes.tests, suite!.attributes.failures], ["bff", "22", "2"]);
  const failures = elementsNamed(suite!, "testcase").filter(
    (testcase) => elementsNamed(testcase, "failure").length > 0,
  );
  assert.deepEqual(
    failures.map((testcase) => testcase.attributes.name),
    failed.map((line) => line.name),
  );
  for (const testcase of failures) assert.equal(elementsNamed(testcase, "failure")[0]!.attributes.message, expected);
});

test("a dropped field and insights that count Failed transactions fail the checks that look at them", async (t) => {
  const wallet = await startContractProxy(t, sandbox.urls.wallet!, {
    rewrites: [
      { path: "/api/wallet/balance", json: ({ currency: _dropped, ...body }) => body },
      {
        path: "/api/wallet/transactions",
        json: (body) => {
          if (!body.insights) return body;
          const failed = body.transactions.filter(
            (transaction: { status: string; direction: string }) =>
              transaction.status === "Failed" && transaction.direction === "spending",
          );
          const spending =
            Math.round(
              (body.insights.spending +
                failed.reduce((sum: number, transaction: { amount: number }) => sum + transaction.amount, 0)) *
                100,
            ) / 100;
          return {
            ...body,
            insights: { ...body.insights, spending, net: Math.round((body.insights.income - spending) * 100) / 100 },
          };
        },
      },
    ],
  });
  const result = await runInProcess(checkArgs({ wallet }, ...CREDENTIALS, "--only", "wallet"));
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.deepEqual(resultOf(lines, "balance"), {
    status: "FAIL",
    name: "balance",
    reason: "the body.currency is missing",
  });
  const insights = resultOf(lines, "insights add up the Completed transactions of each period");
  assert.equal(insights.status, "FAIL");
  assert.match(
    insights.reason,
    /^(7d|30d|90d|1y): expected spending [\d.]+ \(Completed transactions only\), got [\d.]+, which counts the \d+ Failed transactions$/,
  );
  assert.equal(resultOf(lines, "direction=income").status, "ok");
});

test("a route slower than --timeout fails its checks, naming the request that got no answer", async (t) => {
  // Longer than the test may take: a run that waited for it would never end (the deadline says so).
  const fault = await sandbox.controls.addFault({ service: "storefront", route: "GET /api/orders", delay: "10m" });
  t.after(() => sandbox.controls.clearFaults(fault.id));
  const result = await withDeadline(
    runInProcess(
      checkArgs({ storefront: sandbox.urls.storefront }, ...CREDENTIALS, "--only", "storefront", "--timeout", "300ms"),
    ),
    30_000,
    "a check run that waits for no answer past its --timeout",
  );
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const lines = resultLines(result.stdout);
  assert.deepEqual(resultOf(lines, "orders list"), {
    status: "FAIL",
    name: "orders list",
    reason: `no answer within 0.3 s (waiting for GET ${sandbox.urls.storefront}/api/orders)`,
  });
  assert.equal(resultOf(lines, "catalog lists the products").status, "ok");
});

test("a sign-in slower than --timeout fails the checks that need it the same way, naming the login request", async (t) => {
  const fault = await sandbox.controls.addFault({ service: "storefront", route: "POST /api/auth/login", delay: "3s" });
  t.after(() => sandbox.controls.clearFaults(fault.id));
  const dir = await tempDir(t);
  const result = await runInProcess(
    [
      ...checkArgs(
        { storefront: sandbox.urls.storefront },
        ...CREDENTIALS,
        "--only",
        "storefront",
        "--timeout",
        "300ms",
      ),
      "--junit",
      "reports/ci/results.xml",
    ],
    { cwd: dir },
  );
  assert.equal(result.code, 1, result.stdout + result.stderr);
  const failures = resultLines(result.stdout).filter((line) => line.status === "FAIL");
  assert.ok(failures.length > 0);
  // A check may time out itself while it waits for the shared sign-in; the first to wait names the login.
  for (const line of failures)
    assert.match(
      line.reason,
      /^no answer within 0\.3 s( \(waiting for POST http:\/\/127\.0\.0\.1:\d+\/api\/auth\/login\))?$/,
      line.name,
    );
  assert.ok(
    failures.some((line) => line.reason.includes("waiting for POST")),
    "the login request is named",
  );
  assert.doesNotMatch(result.stdout, /unexpected error/);
  assert.match(
    await readFile(join(dir, "reports/ci/results.xml"), "utf8"),
    /<testsuites /,
    "the JUnit file's folder is made",
  );
});
