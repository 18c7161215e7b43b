import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

test(
  "the built-in agent, through its adapter, passes the example task over a conversation of three turns",
  TIMEOUT,
  async () => {
    const result = await runInProcess([
      "run",
      "examples/agents/add-to-cart.yaml",
      "--agent",
      "node examples/agents/builtin-agent.mjs",
    ]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(
      result.stdout,
      /ok +3 her answer to the follow-up question adds three: reply "Added 3 × Tatashe .*; calls: .*POST storefront \/api\/agent\/cart\/items 200 \{"product_id":"tatashe-red-bell-pepper-paint-bucket","quantity":3\}$/m,
    );
    assert.match(result.stdout, /^1 passed, 0 failed$/m);
  },
);

/** The code block of docs/agent-testing.md whose first line names the file (a comment). */
async function documented(file: string): Promise<string> {
  const docs = await readFile("docs/agent-testing.md", "utf8");
  const start = docs.indexOf(`${file.endsWith(".py") ? "#" : "//"} ${file}\n`);
  assert.ok(start > 0, `docs/agent-testing.md shows ${file}`);
  return docs.slice(start, docs.indexOf("```", start));
}

function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

for (const [file, command] of [
  ["agent.mjs", "node"],
  ["agent.py", "python3"],
] as const)
  test(`the ${command === "node" ? "Node" : "Python"} agent of docs/agent-testing.md passes the task shown beside it`, {
    ...TIMEOUT,
    skip: command === "python3" && !hasPython() ? "no python3 on this machine" : false,
  }, async (t) => {
    const dir = await tempDir(t);
    await writeFile(join(dir, file), await documented(file));
    const docs = await readFile("docs/agent-testing.md", "utf8");
    const task = /A scenario both pass:\n\n```yaml\n([\s\S]*?)```/.exec(docs)?.[1];
    assert.ok(task, "the docs show the task both pass");
    await writeFile(join(dir, "task.yaml"), task);
    const result = await runInProcess(["run", join(dir, "task.yaml"), "--agent", `${command} ${join(dir, file)}`]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /reply "I found Ijebu Garri/);
  });
