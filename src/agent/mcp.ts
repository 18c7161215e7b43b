import { createServer, type Server as HttpServer } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ActionInputError } from "./actions/build-request.ts";
import { callAction, type AgentTarget } from "./actions/call.ts";
import type { ActionDefinition } from "./actions/definition.ts";
import { answerLine } from "./answer.ts";

export interface McpDeps {
  actions: readonly ActionDefinition[];
  /** The target for an end user: the one given at start when the call names none. */
  targetFor(endUser: string | undefined): Promise<AgentTarget>;
  version: string;
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
        properties: { ...action.parameters.properties, end_user_id: { type: "string", description: "The end user's id (UUID) or demo email; defaults to the user given at start" } },
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const action = deps.actions.find((candidate) => candidate.name === request.params.name);
    if (!action) return failure(`No tool named ${request.params.name}`);
    const { end_user_id: endUser, ...parameters } = (request.params.arguments ?? {}) as Record<string, unknown>;
    try {
      const target = await deps.targetFor(typeof endUser === "string" ? endUser : undefined);
      const call = await callAction(action, parameters, target);
      return {
        // Named, not "you": the answer goes to an agent, which may act for several users in one session.
        content: [{ type: "text", text: answerLine(call, target.endUserName) }, { type: "text", text: JSON.stringify(call.response.body) }],
        isError: call.response.status >= 400,
      };
    } catch (error) {
      if (error instanceof ActionInputError) return failure(`${error.message}; nothing was sent`);
      return failure((error as Error).message);
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

/** Streamable HTTP on /mcp, stateless: each request gets a fresh transport on a fresh server. */
export async function serveHttp(make: () => Server, port: number, host: string): Promise<{ url: string; server: HttpServer }> {
  const http = createServer(async (req, res) => {
    if (new URL(req.url ?? "/", "http://x").pathname !== "/mcp") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "The MCP endpoint is /mcp", code: "not_found" }));
      return;
    }
    const server = make();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => resolve());
  });
  return { url: `http://${host}:${(http.address() as { port: number }).port}/mcp`, server: http };
}
