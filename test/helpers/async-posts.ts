/** The requests whose answers a half-close or an early refusal could lose, on each of the four servers. */
import { request, type Server } from "node:http";
import type { ActionDefinition } from "../../src/agent/actions/definition.ts";
import { createMcpServer, serveHttp } from "../../src/agent/mcp.ts";
import { closeServer, closeWhenDone } from "./deadline.ts";
import { requestText } from "./raw-http.ts";
import { ADA } from "./sandbox.ts";

const LOGIN = JSON.stringify({ email: ADA.email, password: ADA.password });

/** A POST of `body` as JSON, with Connection: close or kept alive (HTTP/1.1's default). */
export function jsonPost(path: string, body: string, connection: "close" | "keep-alive", token?: string): string {
  const auth = token ? [`Authorization: Bearer ${token}`] : [];
  const text = requestText("POST", path, ["Content-Type: application/json", ...auth], body);
  return connection === "close" ? text : text.replace("Connection: close\r\n", "");
}

export interface AsyncPost {
  name: string;
  url: string;
  path: string;
  body: string;
}

/** Each service's POST that answers only once it has read its body and done its work (a token signed), as the lost answers did. */
export function asyncPosts(urls: { storefront?: string; wallet?: string; host?: string }): AsyncPost[] {
  return [
    { name: "storefront", url: urls.storefront!, path: "/api/auth/login", body: LOGIN },
    { name: "wallet", url: urls.wallet!, path: "/api/auth/login", body: LOGIN },
    { name: "host app", url: urls.host!, path: "/embed/api/identity", body: JSON.stringify({ userId: ADA.id }) },
  ];
}

/**
 * `sandbox mcp --http`'s server on a free port, closed when the test ends, with one tool, `wait`,
 * whose call answers only once the server has seen as many FINs as calls were made (as a call to a
 * slow sandbox answers after a client that half-closed has sent its FIN).
 */
export async function startMcpHttp(t: { after(fn: () => unknown): void }): Promise<{ url: string; server: Server }> {
  let fins = 0;
  let calls = 0;
  const waiting = new Set<() => void>();
  const wait: ActionDefinition = {
    name: "wait",
    description: "Answers once the client has half-closed",
    service: "storefront",
    method: "GET",
    url: "/health",
    auth: "bff",
    parameters: { type: "object", properties: {} },
  };
  const targetFor = async (): Promise<never> => {
    const call = ++calls;
    await new Promise<void>((resolve) => {
      const check = () => {
        if (fins < call) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
    throw new Error("no sandbox in this test");
  };
  const make = () => createMcpServer({ actions: [wait], targetFor, version: "test" });
  const served = await serveHttp(make, { port: 0, host: "127.0.0.1", allowedHosts: [], onServerError: () => {} });
  served.server.on("connection", (socket) =>
    socket.once("end", () => {
      fins++;
      for (const check of waiting) check();
    }),
  );
  closeWhenDone(t, "the MCP server's close", () => closeServer(served.server));
  return served;
}

/** A call of the `wait` tool, as a client sends it to /mcp (a stateless server takes it without a session). */
export function mcpCallWait(connection: "close" | "keep-alive"): string {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "wait", arguments: {} } });
  return jsonPost("/mcp", body, connection).replace(
    "Content-Type",
    "Accept: application/json, text/event-stream\r\nContent-Type",
  );
}

/**
 * A POST of `size` bytes as the probe sent it: Node's own client with `agent: false` (so
 * Connection: close), the whole body at once. Resolves with the status once the answer has been
 * read whole, or with the error that lost it.
 */
export function postWithNode(
  url: string,
  size: number,
  headers: Record<string, string> = {},
): Promise<number | string> {
  return new Promise((resolve) => {
    const options = { method: "POST", agent: false, headers: { "content-type": "application/json", ...headers } };
    const req = request(url, options, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(Buffer.alloc(size, 0x20));
  });
}
