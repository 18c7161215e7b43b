// What a message or a help text names of the package's own (`packagePath("docs/scenarios.md")`)
// must be there in an installed package: a file of the repository that package.json's `files`
// ships, and, where the text names a section of it (`…/docs/controls.md, "Export and import"`),
// a heading of that file.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../helpers/cli.ts";

/** A path as package.json's `files` ships it: under one of its entries (npm adds package.json itself). */
function shipped(path: string, files: readonly string[]): boolean {
  return path === "package.json" || files.some((entry) => path === entry || path.startsWith(`${entry}/`));
}

test("every file of the package that the sources name for users is shipped, and so is the section they name", async () => {
  const { files } = JSON.parse(await readFile(join(PROJECT_ROOT, "package.json"), "utf8")) as { files: string[] };
  const sources = (await readdir(join(PROJECT_ROOT, "src"), { recursive: true })).filter((file) =>
    /\.tsx?$/.test(file),
  );
  const named: string[] = [];
  const problems: string[] = [];
  for (const source of sources) {
    const text = await readFile(join(PROJECT_ROOT, "src", source), "utf8");
    for (const [, path = "", section] of text.matchAll(/packagePath\("([^"]+)"[^)]*\)\}?(?:, "([^"]+)")?/g)) {
      named.push(path);
      if (!existsSync(join(PROJECT_ROOT, path))) problems.push(`src/${source}: ${path} does not exist`);
      else if (!shipped(path, files)) problems.push(`src/${source}: ${path} is not in package.json's files`);
      else if (section !== undefined) {
        const headings = (await readFile(join(PROJECT_ROOT, path), "utf8")).match(/^#+ .*$/gm) ?? [];
        if (!headings.some((heading) => heading.replace(/^#+ /, "") === section))
          problems.push(`src/${source}: ${path} has no section "${section}"`);
      }
    }
  }
  assert.deepEqual(problems, []);
  // The messages that send users to the docs are among those found.
  for (const path of ["docs/scenarios.md", "docs/controls.md", "docs/scenario.schema.json", "examples/scenarios"])
    assert.ok(named.includes(path), `${path} is named through packagePath`);
});
