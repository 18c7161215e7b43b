import type { Server as HttpServer, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { errorOf, messageOf, statusOf } from "../errors.ts";
import { createHostCheck } from "../http/allowed-hosts.ts";
import { createNodeServer } from "../http/node-server.ts";
import { targetParts } from "../http/request-line.ts";
import { JSON_TYPE } from "../http/response-headers.ts";
import { ActionInputError } from "./actions/build-request.ts";
import { type AgentTarget, callAction } from "./actions/call.ts";
import type { ActionDefinition } from "./actions/definition.ts";
import { answerLine, targetClock } from "./answer.ts";
import { explicitCall } from "./gate/grant.ts";

export interface McpDeps {
  actions: readonly ActionDefinition[];
  /** The target for an end user: the one given at start when the call names none. */
  targetFor(endUser: string | undefined): Promise<AgentTarget>;
  version: string;
  /** The one user the tools act for, when the endpoint is locked to them (an agent under test's): end_user_id names no other. */
  lockedTo?: { id: string; email: string };
}

/**
 * The agent's actions as Model Context Protocol tools, so a real AI agent can act against the
 * sandbox. Each call goes through the same path as `sandbox agent call`: the BFF routes with
 * the service token for the end user (the one given at start, or `end_user_id` per call).
 */
export function createMcpServer(deps: McpDeps): Server {
  const server = new Server({ name: "sandbox-agent", version: deps.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: deps.actions.map((action) => ({
      name: action.name,
      description: action.description,
      inputSchema: {
        ...action.parameters,
        properties: {
          ...action.parameters.properties,
          end_user_id: {
            type: "string",
            description: deps.lockedTo
              ? `The end user's id or email: this endpoint acts for ${deps.lockedTo.email} (${deps.lockedTo.id}) only`
              : "The end user's id (UUID) or demo email; defaults to the user given at start",
          },
        },
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const action = deps.actions.find((candidate) => candidate.name === request.params.name);
    if (!action) return failure(`No tool named ${request.params.name}`);
    const { end_user_id: endUser, ...parameters } = request.params.arguments ?? {};
    try {
      const target = await deps.targetFor(typeof endUser === "string" ? endUser : undefined);
      const call = await callAction(action, parameters, target, explicitCall(action, parameters));
      return {
        // Named, not "you": the answer goes to an agent, which may act for several users in one session.
        content: [
          { type: "text", text: answerLine(call, target.endUserName, deps.actions, await targetClock(target)) },
          { type: "text", text: JSON.stringify(call.response.body) },
        ],
        isError: call.response.status >= 400,
      };
    } catch (error) {
      if (error instanceof ActionInputError) return failure(`${error.message}; nothing was sent`);
      return failure(messageOf(error));
    }
  });
  return server;
}

function failure(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

export async function serveStdio(server: Server): Promise<void> {
  await server.connect(new StdioServerTransport());
}

export interface McpHttpOptions {
  port: number;
  host: string;
  /** Names the endpoint answers to besides loopback and `host` (--allowed-hosts). */
  allowedHosts: readonly string[];
  /** Told of a request the transport failed on (a bug: the client gets a 500, the server goes on). */
  onServerError(error: unknown): void;
}

/**
 * Streamable HTTP on /mcp, stateless: each request gets a fresh transport on a fresh server. As
 * the MCP transport requires, a request is refused when its Host or Origin names a host this
 * endpoint is not known by, so that no web page reaches it by DNS rebinding. (This is the SDK's
 * advice too: its transport's own allowedHosts/allowedOrigins options are deprecated for such
 * a check in front, and match exact host:port strings only.)
 */
export async function serveHttp(
  make: () => Server,
  options: McpHttpOptions,
): Promise<{ url: string; server: HttpServer; close(): Promise<void> }> {
  const hosts = createHostCheck({ bind: options.host, allowedHosts: options.allowedHosts });
  // createNodeServer has answered a target that is no path or URL, and HTTP/1.1 without Host.
  const http = createNodeServer({}, async (req, res) => {
    // Every answer, the transport's included (its writeHead merges the headers set here).
    res.setHeader("x-content-type-options", "nosniff");
    const target = targetParts(req.url ?? "/"); // an absolute-form target names the host too
    const refused = hosts.refusal([req.headers.host, target.host], req.headers.origin);
    if (refused) return writeJson(res, statusOf(refused), refused.toBody());
    if (target.path !== "/mcp") return writeJson(res, 404, { error: "The MCP endpoint is /mcp", code: "not_found" });
    try {
      const server = make();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      // A bug is this request's 500, never the end of the server (an async handler's throw would end the process).
      options.onServerError(error);
      if (res.headersSent) res.destroy();
      else writeJson(res, 500, errorOf(HTTP_TEXTS.internal).toBody());
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => resolve());
  });
  // Listening on a host and port, the server's address is an AddressInfo (a string is a pipe's, null a closed server's).
  const address = http.address();
  if (address === null || typeof address === "string") throw new Error(`The MCP server has no port: ${address}`);
  const close = () => {
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    // An MCP client may hold a stream open for as long as it likes: its connection is cut, not waited for.
    http.closeAllConnections();
    return closed;
  };
  return { url: `http://${options.host}:${address.port}/mcp`, server: http, close };
}

function writeJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": JSON_TYPE }).end(JSON.stringify(body));
}
