import assert from "node:assert/strict";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { loadScenario } from "../../src/scenario/load.ts";
import { SCENARIO_SCHEMA } from "../../src/scenario-schema.ts";
import { startFullSandbox } from "../helpers/agent.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

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
    const result = await runInProcess(["run", ...files, "--jobs", "4"]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
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
    assert.doesNotMatch(result.stdout, /clock/, "a failing step ends the scenario");
    assert.match(result.stdout, /^0 passed, 1 failed$/m);
    const xml = await readFile(junit, "utf8");
    assert.match(xml, /<testsuite name="A wrong expectation" [^>]*tests="1" failures="1"/);
    assert.match(xml, /<failure message="body \$\.items\[0\]\.name: expected &quot;Local Rice&quot;/);

    const json = await runInProcess(["run", file, "--json"]);
    assert.equal(json.code, 1);
    const [scenario] = JSON.parse(json.stdout) as { ok: boolean; steps: { ok: boolean; detail: string }[] }[];
    assert.equal(scenario?.ok, false);
    assert.match(scenario?.steps[0]?.detail ?? "", /received "Ijebu Garri"/);
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
    const result = await runInProcess(["run", misspelt, two]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /misspelt\.json: \/steps\/1: unknown property "reqest"/);
    assert.match(
      result.stderr,
      /two\.yaml: \/steps\/0: a step does one of request, ask, clock, fault, trigger, waitFor, journal; this one does clock and fault/,
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
  "with --storefront/--wallet/--host, scenarios run against those servers; one that needs the controls is refused up front",
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

    const refused = await runInProcess(["run", join(EXAMPLES, "wallet-down-agent-says-so.yaml"), ...given]);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /wallet-down-agent-says-so\.yaml: needs the sandbox's controls \(clock, faults, steps\/1 \(fault\), steps\/3 \(journal\)\): run it without --storefront\/--wallet\/--host/,
    );
    assert.equal(refused.stdout, "");
    const bad = await runInProcess(["run", join(EXAMPLES, "oauth-code-flow.yaml"), "--wallet", "ftp://nowhere"]);
    assert.equal(bad.code, 2);
  },
);

test("docs/scenario.schema.json is the schema the servers publish and sandbox run checks against", async () => {
  const published = JSON.parse(await readFile("docs/scenario.schema.json", "utf8")) as unknown;
  assert.deepEqual(
    published,
    JSON.parse(JSON.stringify(SCENARIO_SCHEMA)),
    "write it again: npx tsx -e 'import {SCENARIO_SCHEMA} from \"./src/scenario-schema.ts\"; console.log(JSON.stringify(SCENARIO_SCHEMA, null, 2))' > docs/scenario.schema.json",
  );
});
