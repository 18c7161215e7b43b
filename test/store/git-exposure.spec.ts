import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { exposedToGit } from "../../src/store/git-exposure.ts";
import { tempDir } from "../helpers/sandbox.ts";

test("a data dir inside a git work tree counts as exposed until git ignores it", async (t) => {
  const repo = await tempDir(t);
  execFileSync("git", ["init", "-q", repo]);
  const dataDir = join(repo, "sandbox-data");
  await mkdir(dataDir);
  assert.equal(await exposedToGit(dataDir, "storefront.json"), true);
  await writeFile(join(repo, ".gitignore"), "sandbox-data/\n");
  assert.equal(await exposedToGit(dataDir, "storefront.json"), false);
});

test("a data dir in no work tree is not exposed", async (t) => {
  assert.equal(await exposedToGit(await tempDir(t), "storefront.json"), false);
});
