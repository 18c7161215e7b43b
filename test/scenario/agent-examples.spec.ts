import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const NO_PYTHON = hasPython() ? false : "no python3 on this machine";

/** A few tasks of examples/tasks (.ci/run runs them all, three times each): a conversation, a refusal, a figure, a write not asked for. */
const TASKS = ["follow-up-how-many", "refuse-tunde-balance", "spending-last-7-days", "told-not-to-add"].map(
  (name) => `examples/tasks/${name}.yaml`,
);

for (const [adapter, command, skip] of [
  ["the built-in agent's Node adapter", "node examples/agents/builtin-agent.mjs", false],
  ["the built-in agent's Python adapter", "python3 examples/agents/builtin_agent.py", NO_PYTHON],
  ["the MCP SDK adapter (SANDBOX_MCP_URL)", "node examples/agents/mcp-agent.mjs", false],
] as const)
  test(`${adapter} passes tasks of examples/tasks, over conversations kept in one process`, {
    ...TIMEOUT,
    skip,
  }, async () => {
    const result = await runInProcess(["run", ...TASKS, "--agent", command, "--jobs", "4"]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(
      result.stdout,
      /ok +2 her answer adds two kegs: reply ".*"; calls: (.*, )?POST storefront \/api\/agent\/cart\/items 200 \{"product_id":"palm-oil-5-litre-keg","quantity":2\}$/m,
    );
    assert.match(result.stdout, /ok +1 say "How much did I spend in the last 7 days\?": reply ".*1,614\.01/);
    assert.match(result.stdout, /^4 passed, 0 failed$/m);
  });

/** An agent that answers the question, and adds to the cart on every message whatever the user said. */
const EAGER_AGENT = `
import { createInterface } from "node:readline";
const env = process.env;
for await (const line of createInterface({ input: process.stdin })) {
  await fetch(env.SANDBOX_STOREFRONT_URL + "/api/agent/cart/items", {
    method: "POST",
    headers: { authorization: "Bearer " + env.SANDBOX_SERVICE_TOKEN, "x-end-user-id": env.SANDBOX_END_USER_ID, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 }),
  });
  console.log(JSON.stringify({ type: "reply", text: "Ofada Rice costs ₦19,000 - ₦24,000." }));
}
`;

test(
  "an agent that adds to the cart on every message fails the task that says not to, and the report names its call",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    await writeFile(join(dir, "eager.mjs"), EAGER_AGENT);
    const junit = join(dir, "tasks.xml");
    const told = "examples/tasks/told-not-to-add.yaml";
    const result = await runInProcess(["run", told, "--agent", `node ${join(dir, "eager.mjs")}`, "--junit", junit]);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    const call = 'POST storefront /api/agent/cart/items 200 {"product_id":"ofada-rice-5kg","quantity":1}';
    assert.ok(
      result.stdout.includes(`calls: expected 0 of POST any server any path during the turn, received 1: ${call}`),
      result.stdout,
    );
    assert.match(result.stdout, /^0 passed, 1 failed$/m);
    assert.ok(
      (await readFile(junit, "utf8")).includes(call.replaceAll('"', "&quot;")),
      "the JUnit failure names it too",
    );
  },
);

/** The code block of docs/agent-testing.md whose first line names the file (a comment). */
async function documented(file: string): Promise<string> {
  const docs = await readFile("docs/agent-testing.md", "utf8");
  const start = docs.indexOf(`${file.endsWith(".py") ? "#" : "//"} ${file}\n`);
  assert.ok(start > 0, `docs/agent-testing.md shows ${file}`);
  return docs.slice(start, docs.indexOf("```", start));
}

for (const [file, command] of [
  ["agent.mjs", "node"],
  ["agent.py", "python3"],
] as const)
  test(`the ${command === "node" ? "Node" : "Python"} agent of docs/agent-testing.md passes the task shown beside it`, {
    ...TIMEOUT,
    skip: command === "python3" && NO_PYTHON,
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

test(
  "the scenarios docs/agent-testing.md opens with and shows the say step with pass against the built-in agent",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const docs = await readFile("docs/agent-testing.md", "utf8");
    const opening = /```yaml\n(# tasks\/adds-rice\.yaml\n[\s\S]*?)```/.exec(docs)?.[1];
    const steps = /## The `say` step\n\n```yaml\n([\s\S]*?)```/.exec(docs)?.[1];
    assert.ok(opening && steps, "the docs show both");
    await writeFile(join(dir, "adds-rice.yaml"), opening);
    await writeFile(join(dir, "say-step.yaml"), `name: the say step\nuser: ada@example.com\nsteps:\n${steps}`);
    const files = [join(dir, "adds-rice.yaml"), join(dir, "say-step.yaml")];
    const result = await runInProcess([
      "run",
      ...files,
      "--agent",
      "node examples/agents/builtin-agent.mjs",
      "--jobs",
      "2",
    ]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^2 passed, 0 failed$/m);
  },
);

test("docs/agent-testing.md lists the Python adapter as examples/agents holds it", async () => {
  const file = await readFile("examples/agents/builtin_agent.py", "utf8");
  assert.equal(
    await documented("examples/agents/builtin_agent.py"),
    file.slice(file.indexOf("# examples/agents/builtin_agent.py\n")),
  );
});
