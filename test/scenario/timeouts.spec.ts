import assert from "node:assert/strict";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { test } from "node:test";
import { sendPlain } from "../../src/client/send.ts";
import { DEFAULT_STEP_TIMEOUT_MS, stepTimeoutMs } from "../../src/scenario/deadline.ts";
import { matchPattern } from "../../src/scenario/patterns.ts";
import { mismatch } from "../../src/scenario/values.ts";
import { closeServer } from "../helpers/deadline.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { until } from "../helpers/poll.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 60_000 };

/** The header value a backtracking pattern (`^(.+)+z$`) never finishes on: 2^40 ways to split it. */
const BACKTRACKED = "a".repeat(40);

/**
 * A server given to `sandbox run` as the storefront, answering as a hostile or odd one may: /health
 * answers; /hang never does; /events is an event stream that sends a comment and an event and
 * stays open; /quiet one that sends nothing; /endless a body that never ends; /trickle an event
 * sent a byte at a time. It keeps the paths asked for, and the answers still going (a client that
 * leaves ends them), to show that the runner leaves none open.
 */
async function oddServer(t: {
  after(fn: () => unknown): void;
}): Promise<{ url: string; asked: string[]; going: Set<string> }> {
  const asked: string[] = [];
  const going = new Set<string>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    asked.push(path);
    going.add(path);
    response.on("close", () => going.delete(path));
    if (path === "/health") return void response.end("{}");
    if (path === "/hang") return;
    if (path === "/headers") return void response.writeHead(200, { "x-said": BACKTRACKED }).end("{}");
    if (path === "/events" || path === "/quiet") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.flushHeaders();
      if (path === "/events") response.write(': ping\n\nevent: hello\ndata: {"n":1}\n\nevent: later\ndata: 2\n');
      return;
    }
    if (path === "/trickle") {
      response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
      const bytes = [...'event: hello\r\ndata: "slowly"\r\n\r\n'];
      const next = () => {
        const byte = bytes.shift();
        if (byte !== undefined && !response.destroyed) response.write(byte, () => setImmediate(next));
      };
      return next();
    }
    if (path === "/endless") {
      response.writeHead(200, { "content-type": "text/plain" });
      const chunk = "x".repeat(64 * 1024);
      const pour = () => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on("drain", pour);
      return pour();
    }
    response.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  t.after(() => closeServer(server));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, asked, going };
}

async function scenarioFile(t: { after(fn: () => unknown): void }, name: string, lines: string[]): Promise<string> {
  const file = join(await tempDir(t), `${name}.yaml`);
  await writeFile(file, [`name: ${name}`, "steps:", ...lines].join("\n"));
  return file;
}

test(
  "a step that does not end fails at its timeout (the step's, or --step-timeout), naming it and how long, and its connection is closed",
  TIMEOUT,
  async (t) => {
    const odd = await oddServer(t);
    const file = await scenarioFile(t, "hang", [
      "  - request: { server: storefront, path: /hang }",
      "    timeout: 200ms",
      "  - request: { server: storefront, path: /health }",
    ]);
    const result = await runInProcess(["run", file, "--storefront", odd.url]);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(
      result.stdout,
      /^ {2}FAIL +1 GET storefront \/hang\n +timed out: "GET storefront \/hang" did not end within 200 ms \(the step's timeout: set timeout on the step, or --step-timeout for the run\)$/m,
    );
    assert.match(result.stdout, /^ {2}skip +2 GET storefront \/health$/m);
    await until(() => odd.going.size === 0, "the runner closed its connection to /hang");

    // The run's own timeout, for every step that sets none.
    const untimed = await scenarioFile(t, "untimed", ["  - request: { server: storefront, path: /hang }"]);
    const flagged = await runInProcess(["run", untimed, "--storefront", odd.url, "--step-timeout", "250ms"]);
    assert.equal(flagged.code, 1, flagged.stdout + flagged.stderr);
    assert.match(flagged.stdout, /did not end within 250 ms/);
    await until(() => odd.going.size === 0, "the runner closed its connection to /hang");

    const wrong = await runInProcess(["run", untimed, "--step-timeout", "soon"]);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /--step-timeout.*expected a duration such as 30s, 500ms or 2m/);
  },
);

test(
  "a step held by a fault's delay in a sandbox of its own ends at its timeout, and so does the run",
  TIMEOUT,
  async (t) => {
    const file = await scenarioFile(t, "delayed", [
      '  - fault: { add: { service: storefront, route: "GET /api/products", delay: "10m" } }',
      "  - request: { server: storefront, path: /api/products }",
      "    timeout: 300ms",
    ]);
    const result = await runInProcess(["run", file]);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /FAIL +2 GET storefront \/api\/products\n +timed out: .* did not end within 300 ms/);
  },
);

test("every step has a timeout: 30 s unless it or the run says, with a waitFor's wait on top", () => {
  assert.equal(DEFAULT_STEP_TIMEOUT_MS, 30_000);
  const request = { request: { server: "storefront", path: "/" } } as const;
  assert.equal(stepTimeoutMs(request, DEFAULT_STEP_TIMEOUT_MS), 30_000);
  assert.equal(stepTimeoutMs({ ...request, timeout: "2s" }, DEFAULT_STEP_TIMEOUT_MS), 2000);
  assert.equal(stepTimeoutMs({ ...request, timeout: 150 }, 5000), 150);
  const wait = { waitFor: { stream: "cart", as: "ada@example.com" } } as const;
  assert.equal(stepTimeoutMs(wait, 1000), 6000, "the wait's 5 s default on top of the step's timeout");
  assert.equal(stepTimeoutMs({ waitFor: { ...wait.waitFor, timeout: "1m" }, timeout: "1s" }, 1000), 61_000);
  assert.equal(stepTimeoutMs({ importData: {}, name: "import the data" }, 4000), 4000);
});

test("a request to one of the sandbox's event streams is refused before anything runs", TIMEOUT, async (t) => {
  const file = await scenarioFile(t, "streams", [
    '  - request: { server: storefront, path: "/api/cart/stream?access_token=x", as: ada@example.com }',
    "  - request: { server: wallet, path: /__sandbox/journal/stream/ }",
    "  - request: { server: storefront, path: /api/cart/stream, method: POST }",
    '    capture: { thing: "$.x" }',
    '  - request: { server: storefront, path: "/api/${thing}/stream" }',
  ]);
  const result = await runInProcess(["run", file]);
  assert.equal(result.code, 2);
  assert.match(
    result.stderr,
    /\/steps\/0\/request\/path: \/api\/cart\/stream is an event stream, which does not end: a request step would never finish; wait for its events with a waitFor step/,
  );
  assert.match(
    result.stderr,
    /\/steps\/1\/request\/path: \/__sandbox\/journal\/stream is an event stream, .*; check what the servers answered with a journal step/,
  );
  assert.doesNotMatch(
    result.stderr,
    /\/steps\/[23]/,
    "a POST is no stream, and a path with a variable is known when it is filled",
  );
  assert.equal(result.stdout, "");
});

test(
  "an answer that is an event stream is read up to its first event; a body past 8 MiB is not read on",
  TIMEOUT,
  async (t) => {
    const odd = await oddServer(t);
    const file = await scenarioFile(t, "odd answers", [
      "  - request: { server: storefront, path: /events }",
      '    expect: { status: 200, headers: { content-type: text/event-stream }, body: { matches: "^: ping\\n\\nevent: hello\\ndata: \\\\{\\"n\\":1\\\\}\\n\\n$" } }',
      "  - request: { server: storefront, path: /endless }",
    ]);
    const result = await runInProcess(["run", file, "--storefront", odd.url]);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(
      result.stdout,
      /^ {2}ok +1 GET storefront \/events: GET \/events → 200; an event stream, read up to its first event$/m,
    );
    assert.match(
      result.stdout,
      /FAIL +2 GET storefront \/endless\n +GET \/endless → 200: the answer is over 8 MiB, more than a step reads; ask for less of it/,
    );
    await until(() => odd.going.size === 0, "the runner closed the stream and the endless answer");
  },
);

test(
  "the reader's bounds: a quiet stream is left after its wait, a trickled event is found, a body stops at its size",
  TIMEOUT,
  async (t) => {
    const odd = await oddServer(t);
    const bounds = { maxBytes: 100_000, streamBytes: 1000, streamWaitMs: 50 };
    const quiet = await sendPlain(`${odd.url}/quiet`, {}, fetch, bounds);
    assert.deepEqual([quiet.status, quiet.text, quiet.cut], [200, "", "stream"]);
    const trickled = await sendPlain(`${odd.url}/trickle`, {}, fetch, { ...bounds, streamWaitMs: 10_000 });
    assert.deepEqual([trickled.text, trickled.cut], ['event: hello\r\ndata: "slowly"\r\n\r\n', "stream"]);
    const endless = await sendPlain(`${odd.url}/endless`, {}, fetch, bounds);
    assert.equal(endless.cut, "size");
    assert.ok(endless.text.length > bounds.maxBytes && endless.text.length < bounds.maxBytes + 200_000);
    await until(() => odd.going.size === 0, "the reader closed each answer it left");
  },
);

test(
  "a pattern that backtracks without end fails its step after 2 s, off the main thread: the process answers meanwhile",
  TIMEOUT,
  async (t) => {
    const odd = await oddServer(t);
    const file = await scenarioFile(t, "backtracking", [
      "  - request: { server: storefront, path: /headers }",
      '    expect: { headers: { x-said: { matches: "^(.+)+z$" } } }',
    ]);
    let ended = false;
    const run = runInProcess(["run", file, "--storefront", odd.url]).finally(() => {
      ended = true;
    });
    // The test's own server answers while the pattern runs for its second: the thread it shares with the runner is free.
    await until(() => odd.asked.includes("/headers") || ended, "the step's request was sent");
    let answered = 0;
    while (!ended)
      if ((await fetch(`${odd.url}/health`).then((answer) => answer.text())) === "{}" && !ended) answered++;
    assert.ok(answered > 10, `the process answered ${answered} requests while the pattern ran`);
    const result = await run;
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(
      result.stdout,
      /header x-said: \/\^\(\.\+\)\+z\$\/ did not finish within 2000 ms on 40 characters: it backtracks without end on them/,
    );
  },
);

test("patterns keep what JavaScript's regular expressions accept, and one cut at its deadline says so", async () => {
  assert.equal(await mismatch({ matches: "^(a)\\1$" }, "aa"), undefined, "a backreference");
  assert.equal(await mismatch({ matches: "(?<=\\$)\\d+(?= today)" }, "costs $12 today"), undefined, "lookaround");
  assert.deepEqual(await matchPattern("code=([^&]+)", "/cb?code=abc&state=1"), { found: ["code=abc", "abc"] });
  assert.deepEqual(await matchPattern("(x)?y", "y"), { found: ["y", undefined] });
  const cut = await matchPattern("^(.+)+z$", BACKTRACKED, 100);
  assert.ok("problem" in cut);
  assert.match(cut.problem, /^\/\^\(\.\+\)\+z\$\/ did not finish within 100 ms on 40 characters/);
  // Many at once take their turns, each cut at its own deadline; the next match gets a worker of its own.
  const many = await Promise.all(Array.from({ length: 12 }, () => matchPattern("^(.+)+z$", BACKTRACKED, 50)));
  assert.ok(many.every((each) => "problem" in each && each.problem.includes("did not finish within 50 ms")));
  assert.deepEqual(await matchPattern("b+", "abbc"), { found: ["bb"] });
  assert.deepEqual(await matchPattern("(", "x"), {
    problem: "/(/ is no regular expression: Invalid regular expression: /(/: Unterminated group",
  });
});
