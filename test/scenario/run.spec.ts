import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { loadScenario } from "../../src/scenario/load.ts";
import { SCENARIO_SCHEMA } from "../../src/scenario-schema.ts";
import { startFullSandbox } from "../helpers/agent.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { closedPort, tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };
const EXAMPLES = "examples/scenarios";

test(
  "sandbox run passes every example scenario, each against a sandbox of its own, four at once",
  TIMEOUT,
  async () => {
    const files = (await readdir(EXAMPLES))
      .filter((file) => /\.(ya?ml|json)$/.test(file))
      .map((file) => join(EXAMPLES, file));
    assert.ok(files.length >= 3, "the examples are there");
    for (const file of files) await loadScenario(file); // The schema takes every example.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const result = await runInProcess(["run", ...files, "--jobs", "4"]).finally(() =>
      process.off("warning", onWarning),
    );
    assert.equal(result.code, 0, result.stdout + result.stderr);
    // Nothing on stderr: a fault's 503 is the answer the scenario asked for, no server error; four at once, no warning.
    assert.equal(result.stderr, "");
    assert.deepEqual(warnings, []);
    assert.match(result.stdout, new RegExp(`^${files.length} passed, 0 failed$`, "m"));
    assert.doesNotMatch(result.stdout, /FAIL/);
    // Run four at once, reported in the files' order.
    const reported = [...result.stdout.matchAll(/^✓ .* \((examples\/scenarios\/[^,]+), \d+ ms\)$/gm)].map(
      (match) => match[1],
    );
    assert.deepEqual(reported, files);
  },
);

test(
  "a wrong expectation fails with the expected and the received value; --json and --junit say the same",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const file = join(dir, "wrong.yaml");
    await writeFile(
      file,
      [
        "name: A wrong expectation",
        "steps:",
        '  - request: { server: storefront, path: "/api/products?q=garri", as: ada@example.com }',
        "    expect:",
        "      status: 200",
        '      body: { "$.items[0].name": Local Rice }',
        "  - clock: { advance: 1h }",
      ].join("\n"),
    );
    const junit = join(dir, "results.xml");
    const result = await runInProcess(["run", file, "--junit", junit]);
    assert.equal(result.code, 1);
    assert.match(result.stdout, /FAIL +1 GET storefront \/api\/products\?q=garri/);
    assert.match(result.stdout, /body \$\.items\[0\]\.name: expected "Local Rice", received "Ijebu Garri"/);
    assert.match(
      result.stdout,
      /^ {2}skip +2 clock/m,
      "a failing step ends the scenario: the rest is listed as not run",
    );
    assert.match(result.stdout, /^0 passed, 1 failed$/m);
    const xml = await readFile(junit, "utf8");
    assert.match(xml, /<testsuite name="A wrong expectation" [^>]*tests="2" failures="1" skipped="1"/);
    assert.match(xml, /<failure message="body \$\.items\[0\]\.name: expected &quot;Local Rice&quot;/);

    const json = await runInProcess(["run", file, "--json"]);
    assert.equal(json.code, 1);
    const [scenario] = JSON.parse(json.stdout) as { ok: boolean; steps: { ok: boolean; detail: string }[] }[];
    assert.equal(scenario?.ok, false);
    assert.match(scenario?.steps[0]?.detail ?? "", /received "Ijebu Garri"/);

    // --bail: the scenarios it leaves unrun are listed, in JSON and JUnit too, none missing.
    const after = join(EXAMPLES, "expired-token-after-clock.yaml");
    const bailed = await runInProcess(["run", file, after, "--bail", "--junit", junit]);
    assert.equal(bailed.code, 1);
    assert.match(
      bailed.stdout,
      /^- An expired token mid-flow after a clock move \(.*expired-token-after-clock\.yaml\): not run/m,
    );
    assert.match(bailed.stdout, /^0 passed, 1 failed, 1 not run$/m);
    assert.match(
      await readFile(junit, "utf8"),
      /<testsuites [^>]*tests="3" failures="1" skipped="2">[\s\S]*<testsuite name="An expired token[^"]*" [^>]*skipped="1"/,
    );
    const bailedJson = JSON.parse((await runInProcess(["run", file, after, "--bail", "--json"])).stdout);
    assert.deepEqual(
      bailedJson.map((each: { ok: boolean; notRun?: boolean }) => [each.ok, each.notRun]),
      [
        [false, undefined],
        [false, true],
      ],
    );
  },
);

test(
  "a file that does not fit the schema is named by the JSON pointer of what is wrong, and nothing runs",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const misspelt = join(dir, "misspelt.json");
    await writeFile(
      misspelt,
      JSON.stringify({
        name: "misspelt",
        steps: [{ clock: { advance: "1h" } }, { reqest: { server: "storefront", path: "/" } }],
      }),
    );
    const two = join(dir, "two.yaml");
    await writeFile(two, "name: two actions\nsteps:\n  - clock: { advance: 1h }\n    fault: { clear: true }\n");
    const capture = join(dir, "capture.yaml");
    await writeFile(
      capture,
      'name: capture\nsteps:\n  - request: { server: storefront, path: /api/orders }\n    capture: { ref: { from: "$.x" } }\n',
    );
    const named = join(dir, "named.yaml");
    await writeFile(
      named,
      'name: named\nsteps:\n  - request: { server: storefront, path: /api/orders }\n    capture: { "order id": "$.x" }\n',
    );
    const many = join(dir, "many.yaml");
    await writeFile(
      many,
      [
        "name: every problem at once",
        "steps:",
        "  - request: { server: storefrnt, metod: GET, path: api/orders }",
        "  - request: { server: storefront, path: /api/orders, as: ada@example.com }",
        '    expect: { body: { "items.length": 2 } }',
        '  - clock: { advance: "25 hours" }',
        "  - request: { server: storefront, path: /api/orders, as: ada@example.com, agent: ada@example.com }",
        "  - 3",
        "  - ask: { question: hi, as: ada@example.com }",
        "    expect: { action: no_such_action }",
        "clock: { set: yesterday }",
      ].join("\n"),
    );
    const result = await runInProcess(["run", misspelt, two, capture, named, many]);
    assert.equal(result.code, 2);
    // The schema's problems and those it cannot see, all in one run, in the file's order.
    const manyLines = result.stderr.split("\n").filter((line) => line.startsWith(many));
    assert.match(manyLines[0] ?? "", /many\.yaml: \/clock\/set: "set" must be an ISO 8601 date/);
    assert.match(
      manyLines.at(-1) ?? "",
      /many\.yaml: \/steps\/5\/expect\/action: "no_such_action" is no action of the agent's/,
    );
    for (const line of [
      /many\.yaml: \/steps\/3\/request: as and agent do not go together/m,
      /many\.yaml: \/steps\/4: must be object$/m,
      /many\.yaml: \/steps\/0\/request: unknown property "metod"$/m,
      /many\.yaml: \/steps\/0\/request\/server: must be one of "storefront", "wallet", "host"$/m,
      /many\.yaml: \/steps\/0\/request\/path: must be a path, starting with \/$/m,
      /many\.yaml: \/steps\/1\/expect\/body: "items\.length" is no selector: a selector starts with \$/m,
      /many\.yaml: \/steps\/2\/clock\/advance: must be a duration: milliseconds \(a number\), or a number with ms, s, m, h or d \(25h\)$/m,
    ])
      assert.match(result.stderr, line);
    assert.equal(manyLines.length, 9, "one line each, no echo of the schema's branches");
    assert.match(
      result.stderr,
      /capture\.yaml: \/steps\/0\/capture\/ref: must be a selector \(.*\), or \{ from: <selector>, match: <regular expression> \}$/m,
    );
    assert.match(result.stderr, /named\.yaml: \/steps\/0\/capture: "order id" is no variable name/);
    assert.match(result.stderr, /misspelt\.json: \/steps\/1: unknown property "reqest"/);
    assert.match(
      result.stderr,
      /two\.yaml: \/steps\/0: a step does one of request, ask, say, clock, fault, trigger, waitFor, journal; this one does clock and fault/,
    );
    assert.match(result.stderr, /Nothing ran/);
    assert.equal(result.stdout, "");
  },
);

test("every server publishes the scenario schema at /scenario.schema.json", TIMEOUT, async (t) => {
  const sandbox = await startFullSandbox(t);
  for (const url of Object.values(sandbox.urls)) {
    const response = await fetch(`${url}/scenario.schema.json`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), JSON.parse(JSON.stringify(SCENARIO_SCHEMA)));
  }
});

test(
  "with --storefront/--wallet/--host, scenarios run against those servers, with their controls where they answer",
  TIMEOUT,
  async (t) => {
    const sandbox = await startFullSandbox(t);
    const given = [
      "--storefront",
      sandbox.urls.storefront!,
      "--wallet",
      sandbox.urls.wallet!,
      "--host",
      sandbox.urls.host!,
    ];
    const oauth = await runInProcess(["run", join(EXAMPLES, "oauth-code-flow.yaml"), ...given]);
    assert.equal(oauth.code, 0, oauth.stdout + oauth.stderr);
    assert.match(oauth.stdout, /^1 passed, 0 failed$/m);

    // Their controls answer: a scenario that needs them (clock, faults, a journal step) runs there too.
    const controlled = await runInProcess(["run", join(EXAMPLES, "wallet-down-agent-says-so.yaml"), ...given]);
    assert.equal(controlled.code, 0, controlled.stdout + controlled.stderr);
    assert.match(controlled.stdout, /^1 passed, 0 failed$/m);
    const missing = await runInProcess([
      "run",
      join(EXAMPLES, "oauth-code-flow.yaml"),
      "--storefront",
      sandbox.urls.storefront!,
    ]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /oauth-code-flow\.yaml: sends to wallet, not given: add --wallet <url>/);
    // The agent at the storefront needs the storefront alone: the app's sign-in there is all it takes.
    const agentOnly = join(await tempDir(t), "agent-storefront.yaml");
    await writeFile(
      agentOnly,
      "name: agent at the storefront\nsteps:\n  - request: { server: storefront, path: /api/agent/orders, agent: ada@example.com }\n    expect: { status: 200 }\n",
    );
    const storefrontOnly = await runInProcess(["run", agentOnly, "--storefront", sandbox.urls.storefront!]);
    assert.equal(storefrontOnly.code, 0, storefrontOnly.stdout + storefrontOnly.stderr);
    const bad = await runInProcess(["run", join(EXAMPLES, "oauth-code-flow.yaml"), "--wallet", "ftp://nowhere"]);
    assert.equal(bad.code, 2);
    // A server that does not answer is said up front, once, naming its URL: not as each step's failure.
    const down = `http://127.0.0.1:${await closedPort()}`;
    const silent = await runInProcess([
      "run",
      join(EXAMPLES, "oauth-code-flow.yaml"),
      ...given.slice(0, 2),
      "--wallet",
      down,
      ...given.slice(4),
    ]);
    assert.equal(silent.code, 2);
    assert.match(
      silent.stderr,
      new RegExp(
        `^The wallet at ${down} does not answer \\(connection refused \\(ECONNREFUSED\\)\\)\\. .*correct --wallet\\.\nNothing ran\\.$`,
        "m",
      ),
    );
    assert.equal(silent.stdout, "");
  },
);

test("docs/scenario.schema.json is the schema the servers publish and sandbox run checks against", async () => {
  const published = JSON.parse(await readFile("docs/scenario.schema.json", "utf8")) as unknown;
  assert.deepEqual(
    published,
    JSON.parse(JSON.stringify(SCENARIO_SCHEMA)),
    "write it again: npm run --silent dev -- schema > docs/scenario.schema.json",
  );
});

test(
  "what would fail at run time is said up front: unknown users, bad selectors and patterns, an unwritable results file",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const file = join(dir, "mistakes.yaml");
    await writeFile(
      file,
      [
        "name: mistakes",
        "steps:",
        "  - request: { server: storefront, path: /api/orders, as: bob@example.com }",
        '    expect: { body: { "$.items[": 1, "$.total": { matches: "(" } } }',
        '    capture: { ref: { from: "$.orders[0].orderId", match: "(" } }',
        "  - ask: { question: hi, as: anonymous }",
        "    expect: { action: get_balanc }",
        "  - clock: { set: yesterday }",
        '  - fault: { add: { service: wallet, route: "FETCH /api/wallet/balance", status: 503 } }',
        '  - request: { server: storefront, path: "/api/orders/${nothere}", as: ada@example.com }',
      ].join("\n"),
    );
    const result = await runInProcess(["run", file]);
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /\/steps\/0\/request\/as: "bob@example\.com" is no demo user \(ada@example\.com, .*, or anonymous\)/,
    );
    assert.match(result.stderr, /\/steps\/0\/expect\/body: "\$\.items\[" is no selector/);
    assert.match(result.stderr, /\/steps\/0\/expect\/body\/\$\.total\/matches: Invalid regular expression/);
    assert.match(result.stderr, /\/steps\/0\/capture\/ref\/match: Invalid regular expression/);
    assert.match(result.stderr, /\/steps\/1\/ask\/as: "anonymous" is no demo user/);
    assert.match(result.stderr, /\/steps\/1\/expect\/action: "get_balanc" is no action of the agent's \(add_to_cart, /);
    assert.match(result.stderr, /\/steps\/2\/clock\/set: "set" must be an ISO 8601 date/);
    assert.match(
      result.stderr,
      /\/steps\/3\/fault\/add: "route" must be a method \(GET, POST, PUT, PATCH, DELETE or \*\)/,
    );
    assert.match(result.stderr, /\/steps\/4: \$\{nothere\} is used before any step captures it/);

    const unwritable = await runInProcess([
      "run",
      join(EXAMPLES, "expired-token-after-clock.yaml"),
      "--junit",
      join(dir, "no", "such", "dir", "x.xml"),
    ]);
    assert.equal(unwritable.code, 2, "a usage error: nothing ran");
    assert.match(unwritable.stderr, /--junit: cannot write .*x\.xml: ENOENT\. Nothing ran/);
    assert.equal(unwritable.stdout, "");
  },
);

test(
  "a 401 after a clock move says the runner's token came from before it; a login of the scenario's own goes on",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const file = join(dir, "relogin.yaml");
    await writeFile(
      file,
      [
        "name: relogin",
        "steps:",
        "  - request: { server: storefront, path: /api/orders, as: ada@example.com }",
        "  - clock: { advance: 25h }",
        "  - request: { server: storefront, method: POST, path: /api/auth/login, body: { email: ada@example.com, password: ada-sandbox-pass } }",
        '    capture: { token: "$.token" }',
        '  - request: { server: storefront, path: /api/orders, headers: { authorization: "Bearer ${token}" } }',
        "    expect: { status: 200 }",
        "  - request: { server: storefront, path: /api/orders, as: ada@example.com }",
        "    expect: { status: 200 }",
      ].join("\n"),
    );
    const agentFile = join(dir, "agent.yaml");
    await writeFile(
      agentFile,
      [
        "name: the agent after a clock move",
        "steps:",
        "  - request: { server: storefront, path: /api/agent/orders, agent: ada@example.com }",
        "    expect: { status: 200 }",
        "  - clock: { advance: 25h }",
        "  - request: { server: storefront, path: /api/agent/orders, agent: ada@example.com }",
        "    expect: { status: 200 }",
      ].join("\n"),
    );
    const result = await runInProcess(["run", file, agentFile]);
    assert.equal(result.code, 1);
    assert.match(
      result.stdout,
      /FAIL +3 GET storefront \/api\/agent\/orders\n +status: expected 200, received 401 \(GET \/api\/agent\/orders → 401; the agent's session for ada@example\.com is from the runner's sign-in before the clock moved/,
    );
    assert.match(result.stdout, /^ {2}ok +4 GET storefront \/api\/orders: GET \/api\/orders → 200$/m);
    assert.match(
      result.stdout,
      /FAIL +5 GET storefront \/api\/orders\n +status: expected 200, received 401 \(GET \/api\/orders → 401; ada@example\.com's token is from the runner's login before the clock moved, so it may not be valid/,
    );
  },
);

test("a ${…} that is no plain variable fails its step rather than being sent as written", TIMEOUT, async (t) => {
  const dir = await tempDir(t);
  const file = join(dir, "dotted.yaml");
  await writeFile(
    file,
    [
      "name: dotted",
      "steps:",
      "  - request: { server: storefront, path: /api/orders, as: ada@example.com }",
      '    capture: { first: "$.orders[0]" }',
      '  - request: { server: storefront, path: "/api/orders?order_id=${first.orderId}", as: ada@example.com }',
    ].join("\n"),
  );
  const result = await runInProcess(["run", file]);
  assert.equal(result.code, 1);
  assert.match(result.stdout, /\$\{first\.orderId\} is no variable: a variable is \$\{name\}, captured whole/);
});
