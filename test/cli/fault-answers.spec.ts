import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { lines, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";
import { parseAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";

const TIMEOUT = { timeout: 60_000 };
const PAGE = "<html><body><h1>502 Bad Gateway</h1></body></html>\n";

test("sandbox fault add --header, --body-file and --truncate: what a raw client then gets", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  const { url } = await startInProcess(t, startArgs(dataDir));
  const pageFile = join(dataDir, "proxy-502.html");
  await writeFile(pageFile, PAGE);
  const fault = async (...args: string[]) => {
    const result = await runInProcess(["fault", ...args, "--data-dir", dataDir]);
    assert.equal(result.code, 0, result.stderr);
    return lines(result.stdout)[0];
  };
  const products = "GET /api/products";

  assert.equal(
    await fault(
      "add",
      "--service",
      "storefront",
      "--route",
      products,
      "--status",
      "429",
      "--header",
      "Retry-After: 30",
      "--times",
      "1",
    ),
    "Added fault f1 on the storefront: GET /api/products answers 429 (Retry-After: 30), 1 time",
  );
  const limited = parseAnswer(await rawRequest(url, requestText("GET", "/api/products")));
  assert.equal(limited.status, 429);
  assert.equal(limited.headers["retry-after"], "30");

  assert.equal(
    await fault(
      "add",
      "--service",
      "storefront",
      "--route",
      products,
      "--status",
      "502",
      "--body-file",
      pageFile,
      "--times",
      "1",
    ),
    `Added fault f2 on the storefront: GET /api/products answers 502 (text/html; charset=utf-8, ${PAGE.length} bytes), 1 time`,
  );
  const proxied = parseAnswer(await rawRequest(url, requestText("GET", "/api/products")));
  assert.equal(proxied.status, 502);
  assert.equal(proxied.headers["content-type"], "text/html; charset=utf-8");
  assert.equal(proxied.body, PAGE);

  assert.equal(
    await fault(
      "add",
      "--service",
      "storefront",
      "--route",
      products,
      "--status",
      "503",
      "--body",
      '{"error":"busy"}',
      "--truncate",
      "5",
      "--times",
      "1",
    ),
    "Added fault f3 on the storefront: GET /api/products answers 503 (application/json; charset=utf-8, 16 bytes), cut at 5 bytes, 1 time",
  );
  const cut = parseAnswer(await rawRequest(url, requestText("GET", "/api/products")));
  assert.equal(cut.headers["content-type"], "application/json; charset=utf-8");
  assert.equal(cut.body, '{"err');

  assert.equal(
    await fault("add", "--service", "storefront", "--route", "GET /health", "--truncate", "12", "--times", "1"),
    "Added fault f4 on the storefront: GET /health cuts the route's answer at 12 bytes, 1 time",
  );
  const shortened = parseAnswer(await rawRequest(url, requestText("GET", "/health")));
  assert.equal(shortened.status, 200);
  assert.equal(shortened.body, '{"status":"o');
});

test("sandbox fault add refuses a body or header it cannot send, in one line", TIMEOUT, async (t) => {
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const big = join(dataDir, "big.html");
  await writeFile(big, "x".repeat(64 * 1024 + 1));
  const base = ["add", "--service", "storefront", "--route", "GET /api/products", "--status", "502"];
  const cases: [string[], number, RegExp][] = [
    [[...base, "--header", "Retry-After 30"], 2, /--header takes 'Name: value'.*got "Retry-After 30"/],
    [[...base, "--header", "A: 1", "--header", "a: 2"], 2, /--header a is given twice/],
    [[...base, "--body", "x", "--body-file", big], 2, /--body and --body-file do not go together/],
    [[...base, "--body-file", join(dataDir, "missing.html")], 1, /Cannot read .*missing\.html: ENOENT/],
    [[...base, "--body-file", big], 1, /"body" may be at most 64 KiB .* got 65537 bytes/],
    [[...base, "--header", "Transfer-Encoding: chunked"], 1, /Transfer-Encoding describes the connection/],
    [[...base, "--content-type", "text/html"], 1, /give the body too/],
    [[...base, "--truncate", "-1", "--body", "{}"], 1, /"truncate" must be a whole number of bytes/],
  ];
  for (const [args, code, message] of cases) {
    const result = await runInProcess(["fault", ...args, "--data-dir", dataDir]);
    assert.match(result.stderr, message, args.join(" "));
    assert.equal(result.code, code, args.join(" "));
    assert.equal(lines(result.stderr).length, 1, result.stderr);
  }
  const listed = await runInProcess(["fault", "list", "--data-dir", dataDir]);
  assert.equal(listed.stdout, "No faults.\n");
});
