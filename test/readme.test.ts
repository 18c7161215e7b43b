import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
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
