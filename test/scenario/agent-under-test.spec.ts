import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };
const TUNDE = { email: "tunde@example.com", id: "5d2e8c14-9b7a-4e3f-8c61-2a9d4b7e0f53" };

/**
 * An agent under test of a few lines, which does what the user's words say: "who am I" answers
 * what it was told; "add <n> <product>" adds to the cart through the agent's route; "exit",
 * "hang" (deaf to SIGTERM too) and "junk" break the protocol; anything else answers the turn's
 * number, which only a conversation kept in one process counts. Each process writes its pid.
 */
const TEST_AGENT = `
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const env = process.env;
appendFileSync(process.argv[2], process.pid + "\\n");
let turns = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const { text } = JSON.parse(line);
  turns++;
  if (text === "exit") process.exit(3);
  if (text === "junk") console.log("Thinking about it...");
  if (text === "hang") {
    process.on("SIGTERM", () => {});
    setInterval(() => {}, 60_000);
    await new Promise(() => {});
  }
  let reply = "turn " + turns;
  if (text === "who am I") reply = [env.SANDBOX_END_USER_EMAIL, env.SANDBOX_END_USER_ID, env.SANDBOX_AGENT_PROTOCOL].join(" ");
  if (text.startsWith("add ")) {
    const [, quantity, product] = text.split(" ");
    const response = await fetch(env.SANDBOX_STOREFRONT_URL + "/api/agent/cart/items", {
      method: "POST",
      headers: { authorization: "Bearer " + env.SANDBOX_SERVICE_TOKEN, "x-end-user-id": env.SANDBOX_END_USER_ID, "content-type": "application/json" },
      body: JSON.stringify({ product_id: product, quantity: Number(quantity) }),
    });
    reply = "added: " + response.status;
  }
  console.log("");
  console.log(JSON.stringify({ type: "reply", text: reply, mood: "a field the runner ignores" }));
}
`;

/** The test agent in `dir`, the command line that runs it, and the pids of the processes it ran. */
async function testAgent(dir: string): Promise<{ command: string; pids: () => Promise<number[]> }> {
  await writeFile(join(dir, "agent.mjs"), TEST_AGENT);
  const pidFile = join(dir, "pids.txt");
  await writeFile(pidFile, "");
  const pids = async () => (await readFile(pidFile, "utf8")).split("\n").filter(Boolean).map(Number);
  return { command: `node ${join(dir, "agent.mjs")} ${pidFile}`, pids };
}

async function scenario(dir: string, name: string, lines: string[]): Promise<string> {
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, [`name: ${name}`, ...lines].join("\n"));
  return file;
}

/** Whether the process is gone: ended and reaped (a zombie would still answer signal 0). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

test(
  "say: the reply, the agent's calls during each turn and the state after, over a conversation in one process",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const agent = await testAgent(dir);
    const passes = await scenario(dir, "conversation", [
      `user: ${TUNDE.email}`,
      "steps:",
      "  - say: who am I",
      "    expect:",
      `      reply: "${TUNDE.email} ${TUNDE.id} 1"`,
      "      calls: [{ count: 0 }]", // the runner's sign-in and session registrations before the turn are not the agent's
      "  - say: add 2 ofada-rice-5kg",
      "    expect:",
      '      reply: { matches: "^added: 2\\\\d\\\\d$" }',
      "      calls:",
      `        - { server: storefront, method: post, path: "/api/agent/cart/*", user: ${TUNDE.email}, status: 2xx, body: { $.product_id: ofada-rice-5kg, $.quantity: 2 }, count: 1 }`,
      "        - { method: DELETE, count: 0 }",
      "    capture: { said: $.reply }",
      "  - name: the runner's own call with the service token, between turns",
      `    request: { server: storefront, path: "/api/agent/products?q=rice", agent: ${TUNDE.email} }`,
      "  - say: and now?",
      '    expect: { reply: "turn 3", calls: [{ count: 0 }] }',
      "  - name: the state after, read as the user",
      `    waitFor: { stream: cart, as: ${TUNDE.email} }`,
      '    expect: { event: { "$.items[0].id": ofada-rice-5kg, "$.items[0].quantity": 2 } }',
    ]);
    const wrote = await scenario(dir, "told-not-to-write", [
      "steps:",
      "  - say: add 1 ofada-rice-5kg",
      "    expect: { calls: [{ method: POST, count: 0 }] }",
    ]);
    const replied = await scenario(dir, "not-said", [
      "steps:",
      "  - say: who am I",
      "    expect: { reply: { not: { contains: ada@example.com } } }",
    ]);
    const result = await runInProcess(["run", passes, wrote, replied, "--agent", agent.command, "--jobs", "3"]);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /^✓ conversation /m);
    assert.match(
      result.stdout,
      /ok +2 say "add 2 ofada-rice-5kg": reply "added: 200"; calls: POST storefront \/api\/agent\/cart\/items 200 \{"product_id":"ofada-rice-5kg","quantity":2\}/,
    );
    // The call that broke "none" is named, with its body.
    assert.match(
      result.stdout,
      /FAIL +1 say "add 1 ofada-rice-5kg"\n +calls: expected 0 of POST any server any path during the turn, received 1: POST storefront \/api\/agent\/cart\/items 200 \{"product_id":"ofada-rice-5kg","quantity":1\}$/m,
    );
    assert.match(
      result.stdout,
      /reply: expected it not to match \{"contains":"ada@example\.com"\}, received "ada@example\.com /,
    );
    assert.match(result.stdout, /^1 passed, 2 failed$/m);
    // One process per scenario run, each stopped and reaped at its end.
    const pids = await agent.pids();
    assert.equal(pids.length, 3);
    assert.deepEqual(
      pids.filter((pid) => !gone(pid)),
      [],
    );
  },
);

test(
  "an agent that exits, hangs or writes junk fails its step in one line, and is stopped and reaped",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const agent = await testAgent(dir);
    const files = await Promise.all(
      ["exit", "hang", "junk"].map((said) =>
        // A short timeout for the hang only: under load, the others' start alone may take a second.
        scenario(dir, said, [
          "steps:",
          `  - say: ${said}`,
          ...(said === "hang" ? ["    timeout: 1s"] : []),
          "  - say: again?",
        ]),
      ),
    );
    const started = performance.now();
    // The agent from the environment, as CI sets it once.
    const result = await runInProcess(["run", ...files, "--jobs", "3"], { env: { SANDBOX_AGENT: agent.command } });
    assert.ok(performance.now() - started < 30_000, "no hang of the runner");
    assert.equal(result.code, 1, result.stdout + result.stderr);
    const failure = (said: string) => new RegExp(`FAIL +1 say "${said}"\\n +(.*)$`, "m").exec(result.stdout)?.[1];
    assert.equal(
      failure("exit"),
      `the agent (${agent.command}) exited with code 3 before it replied (what it wrote on stderr, if anything, is above)`,
    );
    assert.match(failure("hang") ?? "", /^timed out: "say "hang"" did not end within 1 s/);
    assert.equal(
      failure("junk"),
      `the agent (${agent.command}) wrote a line that is not the protocol: "Thinking about it..." (a reply is one line of JSON, {"type":"reply","text":"…"}; logs go to stderr)`,
    );
    assert.equal(result.stdout.match(/skip +2 say "again\?"/g)?.length, 3);
    assert.match(result.stdout, /^0 passed, 3 failed$/m);
    const pids = await agent.pids();
    assert.equal(pids.length, 3);
    assert.deepEqual(
      pids.filter((pid) => !gone(pid)),
      [],
      "the agent deaf to SIGTERM was killed too",
    );
  },
);

test(
  "a say step without an agent is refused before anything runs; a command the shell cannot find fails in one line",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const file = await scenario(dir, "no-agent", ["steps:", "  - clock: { advance: 1h }", "  - say: hello"]);
    const refused = await runInProcess(["run", file], { env: { SANDBOX_AGENT: "" } });
    assert.equal(refused.code, 2);
    assert.equal(
      refused.stderr,
      `${file}: /steps/1: a say step talks to the agent under test: pass --agent "<command>" (or set SANDBOX_AGENT)\nNothing ran.\n`,
    );
    assert.equal(refused.stdout, "");
    // What the schema cannot see is said before anything runs too: a user who is no demo user, a reply on a step that says nothing.
    const wrong = await scenario(dir, "wrong", [
      "user: nobody@example.com",
      "steps:",
      "  - request: { server: storefront, path: /api/products }",
      "    expect: { reply: hello, calls: [{ user: nobody@example.com }] }",
    ]);
    const problems = await runInProcess(["run", wrong, "--agent", "true"]);
    assert.equal(problems.code, 2);
    assert.match(problems.stderr, /wrong\.yaml: \/user: "nobody@example\.com" is no demo user/);
    assert.match(
      problems.stderr,
      /wrong\.yaml: \/steps\/0\/expect\/calls\/0\/user: "nobody@example\.com" is no demo user/,
    );
    assert.match(problems.stderr, /wrong\.yaml: \/steps\/0\/expect: reply and calls are what a say step expects/);

    const misspelt = await runInProcess(["run", file, "--agent", "no-such-agent-xyz --flag"]);
    assert.equal(misspelt.code, 1);
    assert.match(
      misspelt.stdout,
      /FAIL +2 say "hello"\n +the agent \(no-such-agent-xyz --flag\) exited with code 127 before it replied \(the shell found no such command: check --agent\)$/m,
    );
  },
);
