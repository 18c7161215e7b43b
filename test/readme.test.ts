import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { test } from "node:test";
import { OPTIONS } from "../src/config/options.ts";

const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");

test("the README starts with the install-and-start and install-and-test commands", () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  assert.match(firstBlock, /^npm ci && npx sandbox start/m);
  assert.match(firstBlock, /^npm ci && npm ci --prefix test && npm test/m);
});

test("the README documents every setting with its flag, env twin, config key and default", () => {
  for (const option of OPTIONS) {
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${option.flag}\``));
    assert.ok(row, `no row for ${option.flag}`);
    assert.ok(row.includes(`\`${option.env}\``), `${option.flag}: env ${option.env}`);
    assert.ok(row.includes(`\`${option.key}\``), `${option.flag}: key ${option.key}`);
    assert.ok(row.includes(String(option.default)), `${option.flag}: default ${option.default}`);
  }
});

test("docs/testing.md shows the example test exactly as it runs in this suite", async () => {
  const doc = await readFile(new URL("../docs/testing.md", import.meta.url), "utf8");
  const example = await readFile(new URL("./api/documented-example.test.ts", import.meta.url), "utf8");
  assert.ok(
    doc.includes(`\`\`\`ts\n${example}\`\`\``),
    "the example in docs/testing.md differs from test/api/documented-example.test.ts",
  );
});

test("docs/scenarios.md shows the GitHub Actions recipe exactly as the package ships it", async () => {
  const doc = await readFile(new URL("../docs/scenarios.md", import.meta.url), "utf8");
  const recipe = await readFile(new URL("../examples/ci/github-actions.yml", import.meta.url), "utf8");
  assert.ok(
    doc.includes(`\`\`\`yaml\n${recipe}\`\`\``),
    "the recipe in docs/scenarios.md differs from examples/ci/github-actions.yml",
  );
});

test("docs/tui.md shows every screen, as captured by the terminal test", async () => {
  const { SCREENS } = await import("../src/tui/keys.ts");
  const doc = await readFile(new URL("../docs/tui.md", import.meta.url), "utf8");
  for (const screen of SCREENS) {
    const block = new RegExp(
      `<!-- capture:${screen.id} -->\\n\`\`\`\\n 0 Sandbox  1 Sign in  2 Catalog[^\\n]*\\n[\\s\\S]+?\\n\`\`\`\\n<!-- /capture -->`,
    );
    assert.match(doc, block, `a capture of the ${screen.title} screen (npm run docs:tui writes them)`);
  }
});

test("each test-runner recipe of examples/ is linked from docs/testing.md, run by CI, and links this package", async () => {
  const doc = await readFile(new URL("../docs/testing.md", import.meta.url), "utf8");
  const runner = await readFile(new URL("../examples/run-recipes.sh", import.meta.url), "utf8");
  const folders = (await readdir(new URL("../examples/", import.meta.url), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !["agents", "ci", "scenarios", "tasks"].includes(entry.name))
    .map((entry) => entry.name);
  assert.deepEqual(folders.sort(), ["jest", "node-test", "playwright", "pytest", "vitest"]);
  for (const folder of folders) {
    assert.ok(doc.includes(`(../examples/${folder}/)`), `docs/testing.md links examples/${folder}/`);
    assert.match(runner, new RegExp(`^recipe ${folder} `, "m"), `examples/run-recipes.sh runs ${folder}`);
    const manifest = JSON.parse(await readFile(new URL(`../examples/${folder}/package.json`, import.meta.url), "utf8"));
    assert.equal(manifest.private, true, `${folder}: private`);
    assert.equal(manifest.type, "module", `${folder}: an ES module`);
    assert.equal(manifest.devDependencies["agent-commerce-sandbox"], "file:../..", `${folder}: links this package`);
    const lock = JSON.parse(
      await readFile(new URL(`../examples/${folder}/package-lock.json`, import.meta.url), "utf8"),
    );
    assert.deepEqual(lock.packages[""].devDependencies, manifest.devDependencies, `${folder}: its lockfile is current`);
  }
});
