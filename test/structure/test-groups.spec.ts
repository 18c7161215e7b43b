// Folders whose tests share one process import each of their `*.spec.ts(x)` files from their
// `all.test.ts(x)`: a spec file that it does not import would never run, and this says which.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../helpers/cli.ts";
import { repositoryFiles } from "../helpers/project-files.ts";

const TEST_DIR = join(PROJECT_ROOT, "test");

test("every spec file is imported by the all.test file of its folder, and only those", async () => {
  const files = await repositoryFiles(TEST_DIR);
  const specs = files.filter((file) => /\.spec\.tsx?$/.test(file));
  assert.ok(specs.length > 0, "no spec file found");
  const folders = new Set(specs.map((file) => file.slice(0, file.lastIndexOf("/"))));
  for (const folder of folders) {
    const entry = files.find((file) => file === `${folder}/all.test.ts` || file === `${folder}/all.test.tsx`);
    assert.ok(entry, `test/${folder} has spec files but no all.test.ts(x) to run them`);
    const imported = [...(await readFile(join(TEST_DIR, entry), "utf8")).matchAll(/^import "\.\/([^"]+)";$/gm)].map(
      ([, name]) => `${folder}/${name}`,
    );
    assert.deepEqual(
      imported.sort(),
      specs.filter((file) => file.startsWith(`${folder}/`) && !file.slice(folder.length + 1).includes("/")).sort(),
      `test/${entry} imports each spec file of its folder`,
    );
  }
});

// A hook set at the top of a spec file belongs to its folder's whole process: a beforeEach there
// would run before every test of every file of the folder.
test("no spec file sets a beforeEach or afterEach at its top level", async () => {
  const specs = (await repositoryFiles(TEST_DIR)).filter((file) => /\.spec\.tsx?$/.test(file));
  const hooked: string[] = [];
  for (const file of specs)
    if (/^(beforeEach|afterEach)\(/m.test(await readFile(join(TEST_DIR, file), "utf8"))) hooked.push(file);
  assert.deepEqual(hooked, []);
});
