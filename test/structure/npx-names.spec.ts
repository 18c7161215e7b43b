// What tells a team how to install and run the sandbox in its own repository or CI never says a
// bare `npx sandbox`: outside a folder where the package is installed, and with no TTY (CI), npx
// fetches and runs whatever the registry calls `sandbox` (Vercel's CLI). It says
// `npx --no -- sandbox`, or the package's own bin: `npx --no -- agent-commerce-sandbox`,
// `npx agent-commerce-sandbox`. The README's first command, `npm ci && npx sandbox start`, runs in
// this repository after its own install, and is the one exception (test/readme.test.ts keeps it);
// help texts and hints run where the package is installed and may keep `npx sandbox`.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../helpers/cli.ts";
import { repositoryFiles } from "../helpers/project-files.ts";

interface Section {
  heading: string;
  /** The section's lines, its heading first and its subsections included, each with its line number in the file. */
  lines: { number: number; text: string }[];
}

/** A Markdown file's sections of a level (2: `##`), by heading; a `#` line inside a code block is no heading. */
function sections(markdown: string, level: number): Section[] {
  const found: Section[] = [];
  let current: Section | undefined;
  let fenced = false;
  markdown.split("\n").forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    const heading = fenced ? null : /^(#+) (.*)$/.exec(text);
    if (heading && heading[1]!.length <= level) {
      current = heading[1]!.length === level ? { heading: heading[2]!, lines: [] } : undefined;
      if (current) found.push(current);
    }
    current?.lines.push({ number: index + 1, text });
  });
  return found;
}

/**
 * Each `npx … sandbox` (or `npm exec … sandbox`) that names the package `sandbox` without `--no`,
 * as "file:line: text". A line break may fall between npx and the name, as in wrapped prose.
 */
function bareUses(file: string, lines: readonly { number: number; text: string }[]): string[] {
  const text = lines.map((line) => line.text).join("\n");
  const uses: string[] = [];
  for (const match of text.matchAll(/\b(?:npx|npm exec)((?:\s+-\S*)*)\s+([^\s`'"]+)/g)) {
    const [, options = "", name = ""] = match;
    if (name.replace(/[).,;:]+$/, "") !== "sandbox" || /(^|\s)--no(\s|$)/.test(options)) continue;
    const line = lines[text.slice(0, match.index).split("\n").length - 1]!;
    uses.push(`${file}:${line.number}: ${line.text.trim()}`);
  }
  return uses;
}

/** A text's lines, each with its number. */
function numbered(text: string): { number: number; text: string }[] {
  return text.split("\n").map((line, index) => ({ number: index + 1, text: line }));
}

function read(file: string): Promise<string> {
  return readFile(join(PROJECT_ROOT, file), "utf8");
}

/** The README's sections that tell a team how to add the package to its repository and run it there. */
const README_INSTALL = /install|your (own )?(project|repository)|from code/i;
/** docs/testing.md's sections about this repository's own tests; every other section is a recipe for a team's. */
const TESTING_OWN = /this repository/i;

test("the README's install section says no bare npx sandbox", async () => {
  const install = sections(await read("README.md"), 2).filter((section) => README_INSTALL.test(section.heading));
  const lines = install.flatMap((section) => section.lines);
  // What is read must be the install section: the part that installs the package in a team's project.
  assert.ok(
    lines.some((line) => /\bnpm (install|i)\b.*agent-commerce-sandbox/.test(line.text)),
    `no README section whose heading matches ${README_INSTALL} installs the package: read ${install.map((section) => section.heading).join(", ") || "none"}`,
  );
  assert.deepEqual(bareUses("README.md", lines), []);
});

test("docs/scenarios.md says no bare npx sandbox", async () => {
  assert.deepEqual(bareUses("docs/scenarios.md", numbered(await read("docs/scenarios.md"))), []);
});

test("docs/testing.md's recipes say no bare npx sandbox", async () => {
  const text = await read("docs/testing.md");
  const own = new Set(
    sections(text, 2)
      .filter((section) => TESTING_OWN.test(section.heading))
      .flatMap((section) => section.lines.map((line) => line.number)),
  );
  // Everything else is read: the introduction and every recipe, whatever its heading.
  const recipes = numbered(text).filter((line) => !own.has(line.number));
  assert.ok(
    recipes.some((line) => line.text.includes("startSandbox")),
    "the recipes are read",
  );
  assert.deepEqual(bareUses("docs/testing.md", recipes), []);
});

test("the examples (scenarios, CI, recipes) say no bare npx sandbox", async () => {
  const files = (await repositoryFiles(join(PROJECT_ROOT, "examples"))).map((file) => `examples/${file}`);
  assert.ok(files.includes("examples/ci/github-actions.yml"), files.join(", "));
  const uses: string[] = [];
  for (const file of files) {
    uses.push(...bareUses(file, numbered(await read(file))));
  }
  assert.deepEqual(uses, []);
});

test("a bare npx sandbox is found however it is written, and the safe forms pass", () => {
  const cases: [string, number][] = [
    ["npx sandbox start", 1],
    ["run `npx sandbox\nexport` first", 1],
    ["npx -y sandbox run a.yaml", 1],
    ["npm exec sandbox -- run a.yaml", 1],
    ["(npx sandbox).", 1],
    ["npx --no -- sandbox run scenarios/*.yaml", 0],
    ["npx --no -- agent-commerce-sandbox run scenarios/*.yaml", 0],
    ["npx agent-commerce-sandbox start", 0],
    ["npx sandboxes; npx tsx sandbox.ts", 0],
  ];
  for (const [text, count] of cases) assert.equal(bareUses("x.md", numbered(text)).length, count, text);
});
