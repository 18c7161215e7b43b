import assert from "node:assert/strict";
import { connect } from "node:net";
import { test } from "node:test";
import type { SentBody } from "../../src/http/body-tap.ts";
import { serve } from "../../src/http/serve.ts";
import { addNotFoundRoute, createServiceApp, type Exchange } from "../../src/http/service-app.ts";
import { withDeadline } from "../helpers/deadline.ts";
import { until } from "../helpers/poll.ts";
import { requestText } from "../helpers/raw-http.ts";

interface Seen {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  body?: SentBody;
}

/** A service app on a free port whose observer asks for the first `limit` bytes of each answer. */
async function observedServer(
  t: { after(fn: () => unknown): void },
  limit: number,
  observe?: (exchange: Exchange) => void,
) {
  const seen: Seen[] = [];
  const reported: unknown[] = [];
  const settled: Promise<void>[] = [];
  const app = createServiceApp({
    onServerError: (error) => reported.push(error),
    observe:
      observe ??
      ((exchange) => {
        const entry: Seen = {
          method: exchange.event.req.method,
          path: exchange.event.url.pathname,
          status: exchange.response.status,
          durationMs: exchange.durationMs,
        };
        seen.push(entry);
        settled.push(
          new Promise((resolve) =>
            exchange.sentBody(limit, (body) => {
              entry.body = body;
              resolve();
            }),
          ),
        );
      }),
  });
  app.get("/text", () => new Response("é".repeat(10), { headers: { "content-type": "text/plain; charset=utf-8" } }));
  app.get("/json", () => ({ items: "x".repeat(50) }));
  app.get(
    "/chunks",
    () =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (const part of ["abc", "def", "ghi"]) controller.enqueue(new TextEncoder().encode(part));
            controller.close();
          },
        }),
      ),
  );
  app.get("/slow", async (event) => {
    const left = new Promise<void>((resolve) => event.runtime?.node?.res?.once("close", () => resolve()));
    await slowArrived(left);
    return { ok: true };
  });
  app.get("/inner", () => app.fetch(new Request("http://localhost/json")));
  addNotFoundRoute(app);
  const server = await serve(app, {
    port: 0,
    host: "127.0.0.1",
    portFlag: "--port",
    portEnv: "PORT",
    maxConnections: 50,
  });
  t.after(() => server.close());
  return { url: server.url, seen, reported, settled: () => Promise.all(settled) };
}

test("an observer sees each request that came over the network, timed, with the beginning of the body as sent", async (t) => {
  const { url, seen, settled } = await observedServer(t, 8);
  for (const path of ["/text", "/json", "/chunks", "/slow", "/inner", "/nowhere"])
    await (await fetch(`${url}${path}`)).arrayBuffer();
  await fetch(`${url}/json`, { method: "HEAD" });
  await settled();
  const text = (body?: SentBody) => body && [body.data.toString(), body.truncated];
  assert.deepEqual(
    seen.map((entry) => [entry.method, entry.path, entry.status, text(entry.body)]),
    [
      ["GET", "/text", 200, ["éééé", true]],
      ["GET", "/json", 200, ['{"items"', true]],
      ["GET", "/chunks", 200, ["abcdefgh", true]],
      ["GET", "/slow", 200, ['{"ok":tr', true]],
      // The route's own in-process request to /json is part of this one.
      ["GET", "/inner", 200, ['{"items"', true]],
      ["GET", "/nowhere", 404, ['{"error"', true]],
      ["HEAD", "/json", 200, ["", false]],
    ],
  );
  assert.ok(seen[3]!.durationMs >= 45, `the slow route took ${seen[3]!.durationMs} ms`);
});

test("a body within the limit is kept whole: a route's value as the text it was written as, a stream as its bytes", async (t) => {
  const { url, seen, settled } = await observedServer(t, 1024);
  await (await fetch(`${url}/json`)).text();
  await (await fetch(`${url}/text`)).text();
  await (await fetch(`${url}/chunks`)).text();
  await settled();
  assert.deepEqual(
    seen.map((entry) => entry.body),
    [
      { data: JSON.stringify({ items: "x".repeat(50) }), truncated: false },
      { data: Buffer.from("é".repeat(10)), truncated: false },
      { data: Buffer.from("abcdefghi"), truncated: false },
    ],
  );
});

/** Called when /slow has the request, with the client's leaving; /slow answers once it resolves (after 50 ms, unless a test waits for something else). */
let slowArrived = (_left: Promise<void>) => new Promise<void>((resolve) => setTimeout(resolve, 50));

test("a client that leaves before a slow answer is ready: the observer still gets the body (none), at once", async (t) => {
  const { url, seen, settled } = await observedServer(t, 8);
  // The client leaves only once the server has the request (before, there would be no exchange to see),
  // and the answer waits until the server saw it leave (a fixed wait could end first on a loaded machine).
  const arrived = new Promise<void>((resolve) => {
    slowArrived = (left) => {
      resolve();
      return left;
    };
  });
  // It leaves with a reset, which the server sees at once: a FIN alone is a client that half-closed, still answered.
  const { hostname, port } = new URL(url);
  const client = connect(Number(port), hostname, () => client.write(requestText("GET", "/slow")));
  client.on("error", () => {});
  await arrived;
  client.resetAndDestroy();
  await until(() => seen.length === 1, "the observer seeing the request", { timeoutMs: 2000, everyMs: 5 });
  await withDeadline(settled(), 2000, "the body of the answer nobody received");
  assert.deepEqual(seen[0]!.body, { data: "", truncated: false });
});

test("a failing observer is reported, and the answer leaves all the same", async (t) => {
  const { url, reported } = await observedServer(t, 8, () => {
    throw new Error("observer bug");
  });
  const response = await fetch(`${url}/json`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { items: "x".repeat(50) });
  assert.deepEqual(
    reported.map((error) => (error as Error).message),
    ["observer bug"],
  );
});
