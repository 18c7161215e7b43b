/**
 * Authenticated catalog reads: GET /api/products against two bare node:http servers answering the
 * same JSON, one that serialises it on every request (the naive limit: what a hand-written server
 * does) and one that sends bytes serialised once (the physical limit of node:http, for information).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CONNECTIONS, type LoadResult, load, SECONDS } from "./autocannon.ts";
import { ROOT, type Sandbox, startServer } from "./processes.ts";
import { type Check, compared, type Figure, progress } from "./report.ts";

const GROUP = `GET /api/products, authenticated (${CONNECTIONS} connections, ${SECONDS}s each)`;

export async function readFigures(
  sandbox: Sandbox,
  token: string,
  scratch: string,
): Promise<{ figures: Figure[]; checks: Check[] }> {
  const url = `${sandbox.urls.storefront}/api/products`;
  const headers = { authorization: `Bearer ${token}` };
  const payloadFile = join(scratch, "products.json");
  const body = await (await fetch(url, { headers })).text();
  await writeFile(payloadFile, body);
  const bare = (mode: string) =>
    startServer([join(ROOT, "test/bench/bare-server.mjs"), mode, payloadFile], /(http:\S+)/);
  const naive = bare("naive");
  const buffer = bare("buffer");
  try {
    const [naiveUrl, bufferUrl] = await Promise.all([naive.ready, buffer.ready]).then((matches) =>
      matches.map((match) => match[1]!),
    );
    const runs: Record<string, LoadResult> = {};
    // The bare servers get the same request, token and all, so that each parses as much.
    for (const [name, target, server] of [
      ["sandbox", url, sandbox],
      ["naive", naiveUrl!, naive],
      ["buffer", bufferUrl!, buffer],
    ] as const) {
      progress(`GET /api/products: ${name} (${Buffer.byteLength(body)} bytes)`);
      runs[name] = await load(target, { headers }, { pid: server.child.pid });
    }
    const {
      sandbox: ours,
      naive: perRequest,
      buffer: once,
    } = runs as Record<"sandbox" | "naive" | "buffer", LoadResult>;
    return {
      figures: [
        compared(
          GROUP,
          "req/s vs bare, JSON.stringify per request",
          "req/s",
          ours.rps,
          { name: "bare, naive", value: perRequest.rps },
          "≥ 1.0×",
        ),
        compared(GROUP, "req/s vs bare, bytes serialised once", "req/s", ours.rps, {
          name: "bare, physical",
          value: once.rps,
        }),
        compared(GROUP, "p99 latency", "ms", ours.p99, { name: "bare, naive", value: perRequest.p99 }, "≤ 1.1×"),
        // Another program on the server's core lowers req/s, not the CPU each answer takes.
        compared(
          GROUP,
          "server CPU per answer",
          "µs",
          ours.cpuMsPerAnswer * 1000,
          { name: "bare, naive", value: perRequest.cpuMsPerAnswer * 1000 },
          "≤ 1.0×",
        ),
      ],
      checks: [
        {
          name: "no catalog read failed",
          ok: ours.failed === 0,
          detail: `${ours.failed} failed or not 2xx of ${ours.ok + ours.failed}`,
        },
      ],
    };
  } finally {
    await Promise.all([naive.stop(), buffer.stop()]);
  }
}
