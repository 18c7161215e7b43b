/**
 * How soon the sandbox ends what it has to end: `sandbox start` stopped by SIGTERM while a cart
 * stream and keep-alive connections are open (it waits neither for them nor for its 2 s grace),
 * and a client that trickles its headers, answered 408 and cut once its 10 s for them are past.
 * The tests check that each ends (test/http/close.test.ts, slow-headers.test.ts); how long it
 * takes is measured here, where a busy machine shows as a figure instead of failing a test.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { Agent, get } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoUsers, login } from "./http.ts";
import { type Sandbox, startSandbox } from "./processes.ts";
import { type Check, type Figure, median, progress } from "./report.ts";

const GROUP = "Endings";
const RUNS = 3;

export async function endingFigures(): Promise<{ figures: Figure[]; checks: Check[] }> {
  const dataDir = await mkdtemp(join(tmpdir(), "sandbox-bench-endings-"));
  try {
    const stops: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      progress(`Endings: SIGTERM with clients connected, ${run} of ${RUNS}`);
      stops.push(await stopWithClients(dataDir));
    }
    progress("Endings: a client trickling its headers (10 s)");
    const slow = await trickledOut(dataDir);
    return {
      figures: [
        {
          group: GROUP,
          name: `SIGTERM with a cart stream and keep-alive connections open: until exit (median of ${RUNS})`,
          value: median(stops),
          unit: "ms",
          target: "< 1,000 ms",
        },
        {
          group: GROUP,
          name: "a client trickling its headers: until it is answered and cut",
          value: slow.ms,
          unit: "ms",
          target: "≤ 12,000 ms (10 s for the headers, checked each second)",
        },
      ],
      checks: [
        {
          name: "the trickling client is answered 408",
          ok: slow.answer.startsWith("HTTP/1.1 408"),
          detail: slow.answer.split("\r\n")[0] ?? "nothing",
        },
      ],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A sandbox with a cart stream and a keep-alive connection to each server open: SIGTERM until it exited, in ms. */
async function stopWithClients(dataDir: string): Promise<number> {
  const sandbox = await startSandbox(dataDir);
  const agent = new Agent({ keepAlive: true });
  try {
    const [ada] = await demoUsers();
    const token = await login(sandbox.urls.storefront, ada!);
    await openStream(`${sandbox.urls.storefront}/api/cart/stream?access_token=${encodeURIComponent(token)}`);
    await Promise.all(Object.values(sandbox.urls).map((url) => keepAlive(`${url}/health`, agent)));
    const started = performance.now();
    await sandbox.stop("SIGTERM");
    return performance.now() - started;
  } finally {
    agent.destroy();
    await sandbox.stop();
  }
}

/** Resolves once the stream sent its first bytes; it stays open until the server ends it. */
function openStream(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      response.once("data", () => resolve());
      response.on("error", () => {});
    }).on("error", reject);
  });
}

/** One request answered on a connection the agent keeps open. */
function keepAlive(url: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve());
    }).on("error", reject);
  });
}

/** A socket sending its headers a byte a second: how long until the server cut it, and what it answered. */
async function trickledOut(dataDir: string): Promise<{ ms: number; answer: string }> {
  const sandbox: Sandbox = await startSandbox(dataDir);
  try {
    const { hostname, port } = new URL(sandbox.urls.storefront);
    const socket = connect(Number(port), hostname);
    const request = `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${"a".repeat(100)}`;
    let sent = 0;
    const trickle = setInterval(() => socket.write(request[sent++ % request.length]!), 1000);
    let answer = "";
    socket.setEncoding("latin1").on("data", (chunk: string) => (answer += chunk));
    const started = performance.now();
    await new Promise((resolve) => socket.once("close", resolve));
    clearInterval(trickle);
    return { ms: performance.now() - started, answer };
  } finally {
    await sandbox.stop();
  }
}
