/**
 * A test-only wrapper around one server of a sandbox: an HTTP proxy that passes every request
 * through and changes, on the routes it is told, the JSON answer (an error text, a field, a sum),
 * so that a check against it must fail. It can also serve an OpenAPI document of its own at
 * /openapi.json, or none (`openapi: null`: a 404, as a deployment without one answers). Event
 * streams pass through as they come.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { closeServer } from "./deadline.ts";

type Hooks = { after(fn: () => unknown): void };

export interface Rewrite {
  /** The request's method; any when left out. */
  method?: string;
  /** The request's path, without the query. */
  path: string | RegExp;
  /** The new body; it gets the answer's parsed body and status. */
  // biome-ignore lint/suspicious/noExplicitAny: any route's answer, which a test reshapes by the fields it knows that route has
  json(body: any, status: number): unknown;
}

/** Starts the proxy in front of `target`; answers its URL. It stops when the test ends. */
export async function startContractProxy(
  t: Hooks,
  target: string,
  options: { rewrites?: Rewrite[]; openapi?: unknown } = {},
): Promise<string> {
  const server = createServer(async (request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    if (options.openapi !== undefined && path === "/openapi.json") {
      if (options.openapi === null)
        response
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: "Not found", code: "not_found" }));
      else response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(options.openapi));
      return;
    }
    const upstream = new AbortController();
    response.on("close", () => upstream.abort());
    try {
      const answer = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers: forwardedHeaders(request),
        body: await bodyOf(request),
        redirect: "manual",
        signal: upstream.signal,
      });
      const headers = Object.fromEntries(
        [...answer.headers].filter(
          ([name]) => !["content-length", "transfer-encoding", "connection", "keep-alive"].includes(name),
        ),
      );
      const rewrite = options.rewrites?.find(
        (candidate) =>
          (!candidate.method || candidate.method === request.method) &&
          (typeof candidate.path === "string" ? candidate.path === path : candidate.path.test(path)),
      );
      if (rewrite && /json/.test(answer.headers.get("content-type") ?? "")) {
        const body = JSON.stringify(rewrite.json(await answer.json(), answer.status));
        response.writeHead(answer.status, headers).end(body);
        return;
      }
      response.writeHead(answer.status, headers);
      if (answer.body)
        Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream)
          .on("error", () => response.destroy())
          .pipe(response);
      else response.end();
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => closeServer(server));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function forwardedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || ["host", "connection", "content-length", "transfer-encoding"].includes(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer | undefined> {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  return buffer(request);
}
